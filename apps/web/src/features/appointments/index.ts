/** What other features use of the appointments feature. */
export { useClinicOptions, useClinicServices, useDoctorOptions, type Option } from './api/get-booking-options';
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
export { AppointmentForm, type AppointmentFormValues } from './components/appointment-form';
export { AppointmentStatusBadge, STATUS_COLORS } from './components/appointment-status-badge';
export { closedRanges, fits, openWindows, type Window } from './components/bookability';
export { DeleteAppointmentDialog } from './components/delete-appointment-dialog';
export { NextFreeHint, useSlotLabel } from './components/next-free-hint';
export { useQuickPatient } from './components/quick-patient';
export { SeriesMark } from './components/series-mark';
export { AwaitingBadge, OnlineMark } from './components/online-mark';
export { VisitActions, type VisitSubject } from './components/visit-actions';
export { visitSteps, type VisitStep } from './components/visit-flow';
// Each list's request, which its export asks at `<path>/export.csv` (pinned together in components/export-requests.test.tsx).
export { appointmentsRequest } from './api/get-appointments';
export { wholeRecords } from './api/get-appointments';
