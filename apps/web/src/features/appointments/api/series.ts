import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RecurrenceInput, type SeriesCreateInput } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { appointmentsKeys } from './appointments-keys';
import { getAppointment } from './get-appointment';

export const seriesKeys = {
  preview: (input: SeriesCreateInput) => ['appointments', 'series-preview', input] as const,
};

/** What booking the series would do, occurrence by occurrence (nothing is booked). */
export async function previewSeries(input: SeriesCreateInput, signal?: AbortSignal) {
  const body = await call(routes.series.create, { query: { preview: 'true' }, body: input }, { signal, silent: true });
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
export async function createSeries(input: SeriesCreateInput) {
  const body = await call(routes.series.create, { body: input }, { silent: true });
  const firstId = body.data.occurrences.find((o) => o.appointment)?.appointment;
  const first = await getAppointment(firstId ?? '');
  notifySuccess(body.message ?? i18n.t('success.done'));
  return { result: body.data, first };
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
