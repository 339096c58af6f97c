import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';

/** The clinical part of the patient summary (active problems, allergies, current medications); audited as a read. */
export async function getRecordSummary(patientId: string, signal?: AbortSignal) {
  return (await call(routes.chart.summary, { params: { id: patientId } }, { signal })).data;
}
