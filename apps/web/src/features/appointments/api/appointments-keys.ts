import type { AppointmentsQuery } from './get-appointments';
import type { CalendarRangeQuery } from './get-calendar-appointments';

export const appointmentsKeys = {
  all: ['appointments'] as const,
  lists: () => ['appointments', 'list'] as const,
  list: (query: AppointmentsQuery) => ['appointments', 'list', query] as const,
  range: (query: CalendarRangeQuery) => ['appointments', 'range', query] as const,
  detail: (id: string) => ['appointments', 'detail', id] as const,
  availability: (clinic: string, from: string, to: string, doctor: string | null) => ['appointments', 'availability', clinic, from, to, doctor] as const,
};
