import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, AppointmentRecord, RecurrenceInput, SeriesBookingResult, SeriesCreateInput } from '@clinic/shared';
import { http } from '@/lib/http';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { appointmentsKeys } from './appointments-keys';

export const seriesKeys = {
  preview: (input: SeriesCreateInput) => ['appointments', 'series-preview', input] as const,
};

/** What booking the series would do, occurrence by occurrence (nothing is booked). */
export async function previewSeries(input: SeriesCreateInput, signal?: AbortSignal): Promise<SeriesBookingResult> {
  const body = await http.post<ApiSuccess<SeriesBookingResult>>('/appointment-series', input, { signal, silent: true, query: { preview: 'true' } });
  return body.data;
}

/** The live preview of a series once every field it needs is known (null: nothing to ask yet). */
export function useSeriesPreview(input: SeriesCreateInput | null) {
  return useQuery({
    queryKey: seriesKeys.preview(input ?? ({} as SeriesCreateInput)),
    queryFn: ({ signal }) => previewSeries(input!, signal),
    enabled: Boolean(input),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
}

/** Books the series' free occurrences; answers with the first booked appointment, as a single booking would. */
export async function createSeries(input: SeriesCreateInput): Promise<{ result: SeriesBookingResult; first: AppointmentRecord }> {
  const body = await http.post<ApiSuccess<SeriesBookingResult>>('/appointment-series', input, { silent: true });
  const firstId = body.data.occurrences.find((o) => o.appointment)?.appointment;
  const first = await http.get<ApiSuccess<AppointmentRecord>>(`/appointments/${firstId}`, { silent: true });
  notifySuccess(body.message ?? i18n.t('success.done'));
  return { result: body.data, first: first.data };
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSeries,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: appointmentsKeys.all });
    },
  });
}

export type { RecurrenceInput };
