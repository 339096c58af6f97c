/** The booking form's values: null until each is chosen; `datetime` is the clinic-local instant with its offset. */
export interface AppointmentFormValues {
  patient: string | null;
  doctor: string | null;
  clinic: string | null;
  service: string | null;
  datetime: string;
  reason: string;
}
