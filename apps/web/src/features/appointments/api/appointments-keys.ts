import type { AppointmentsQuery } from './get-appointments';
import type { CalendarRangeQuery } from './get-calendar-appointments';
import type { NextFreeRequest } from './get-next-free';

export const appointmentsKeys = {
  all: ['appointments'] as const,
  lists: () => ['appointments', 'list'] as const,
  list: (query: AppointmentsQuery) => ['appointments', 'list', query] as const,
  range: (query: CalendarRangeQuery) => ['appointments', 'range', query] as const,
  detail: (id: string) => ['appointments', 'detail', id] as const,
  board: (clinic: string, date: string | null) => ['appointments', 'board', clinic, date] as const,
  nextFree: (query: NextFreeRequest) => ['appointments', 'next-free', query] as const,
  availability: (clinic: string, from: string, to: string, doctor: string | null) => ['appointments', 'availability', clinic, from, to, doctor] as const,
};
