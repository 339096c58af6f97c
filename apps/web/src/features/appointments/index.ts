/** What other features use of the appointments feature. */
export { useClinicOptions, useClinicServices, useDoctorOptions, usePatientOptions, type Option } from './api/get-booking-options';
export { useNextFree } from './api/get-next-free';
export { useUpdateAppointment } from './api/update-appointment';
export { appointmentsKeys } from './api/appointments-keys';
export { useAppointment } from './api/get-appointment';
export { useAvailability } from './api/get-availability';
export { useCalendarAppointments } from './api/get-calendar-appointments';
export { useDayCards, useDoctorsDay } from './api/get-day-by-doctor';
export { useCreateAppointment } from './api/create-appointment';
export { BOARD_REFRESH_MS, useBoard } from './api/get-board';
export { useClinicWeek } from './hooks/use-clinic-week';
export { useBoardScreen } from './api/board-screen';
export { wholeRecords } from './api/get-appointments';
