/** Query keys of employees (doctors, staff and user accounts are all employees). */
export const employeesKeys = {
  all: ['employees'] as const,
  lists: () => ['employees', 'list'] as const,
  details: () => ['employees', 'details'] as const,
  detail: (id: string) => ['employees', 'details', id] as const,
  stats: (id: string, period: string) => ['employees', 'stats', id, period] as const,
};
