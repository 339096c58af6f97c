import { vi } from 'vitest';
import type { AppointmentAvailability, AppointmentCard, AvailabilityDay } from '@clinic/shared';
import { renderWithProviders } from '@/test/utils';
import { DayView, type DayDoctor, type DayViewProps } from './day-view';

/** A day by doctor for the component tests: three doctors (one on leave), four cards, a day to come. */

export const DATE = '2099-03-10';
export const doctors: DayDoctor[] = [
  { _id: 'd1', name: 'Dr. Emily Carter', image: null, serviceIds: ['s1'] },
  { _id: 'd2', name: 'د. عمر حداد', image: null, serviceIds: ['s1'] },
  { _id: 'd3', name: 'Dr. Sara Nasser', image: null, serviceIds: [] },
];
export const availability: AppointmentAvailability = {
  clinic: { _id: 'c1', name: 'Olaya Clinic', timeZone: 'Asia/Riyadh', averageVisitMinutes: 30, isActive: true, hasWorkingHours: true },
  slotMinutes: 30,
  dayStart: '09:00',
  dayEnd: '13:00',
  days: [{ date: DATE, weekday: 'Tuesday', clinicHours: [{ startTime: '09:00', endTime: '13:00' }], holiday: null, doctorHours: null, doctorAway: null }],
  doctors: doctors.map((d) => ({ _id: d._id, name: d.name, image: d.image, serviceIds: d.serviceIds })),
};
export const own = (hours: Array<[string, string]>, away: AvailabilityDay['doctorAway'] = null): AvailabilityDay => ({
  ...availability.days[0]!, doctorHours: hours.map(([startTime, endTime]) => ({ startTime, endTime })), doctorAway: away,
});
export const doctorDays = new Map<string, AvailabilityDay | undefined>([
  ['d1', own([['09:00', '11:00'], ['11:30', '13:00']])],
  ['d2', own([['09:00', '13:00']])],
  ['d3', own([], 'leave')],
]);

export function card(id: string, doctor: string, from: string, to: string, over: Partial<AppointmentCard> = {}): AppointmentCard {
  return {
    _id: id, publicId: `APT-${id}`, datetime: `${DATE}T${from}:00+03:00`, endsAt: `${DATE}T${to}:00+03:00`, status: 'scheduled',
    patient: { _id: `p-${id}`, name: `Patient ${id} with a rather long family name that will not fit` },
    doctor: { _id: doctor, name: doctors.find((d) => d._id === doctor)!.name }, service: { _id: 's1', name: 'Consultation' }, reason: 'Check',
    version: 1, source: 'staff', seriesId: null, overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, ...over,
  };
}

export function renderDay(over: Partial<DayViewProps> = {}) {
  const props: DayViewProps = {
    date: DATE, availability, doctors, doctorDays, now: { date: '2099-03-09', time: '12:00' }, canWrite: true, direction: 'ltr',
    cards: [
      card('a', 'd1', '09:00', '10:00'),
      card('b', 'd1', '09:30', '10:00', { status: 'arrived' }),
      card('c', 'd2', '09:00', '09:30', { status: 'completed', patient: { _id: 'p-c', name: 'عبد الرحمن بن عبد العزيز آل سعود الطويل' } }),
      card('x', 'd2', '10:00', '10:30', { status: 'cancelled' }),
    ],
    onCellClick: vi.fn(), onOpen: vi.fn(), onMove: vi.fn(), ...over,
  };
  renderWithProviders(<DayView {...props} />);
  return props;
}
