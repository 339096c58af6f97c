import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type OnlineBookingSettingsInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

const r = routes.onlineBookingSettings;
export const onlineBookingKey = (clinicId: string) => ['clinics', 'online-booking', clinicId] as const;

export async function getOnlineBooking(clinicId: string, signal?: AbortSignal) {
  return (await call(r.settings, { params: { id: clinicId } }, { signal, silent: true })).data;
}

export function useOnlineBooking(clinicId: string) {
  return useQuery(queryOptions({ queryKey: onlineBookingKey(clinicId), queryFn: ({ signal }) => getOnlineBooking(clinicId, signal), enabled: Boolean(clinicId) }));
}

export function saveOnlineBooking(clinicId: string, input: OnlineBookingSettingsInput) {
  return call(r.saveSettings, { params: { id: clinicId }, body: input });
}

export function useSaveOnlineBooking(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OnlineBookingSettingsInput) => saveOnlineBooking(clinicId, input),
    onSuccess: (body) => client.setQueryData(onlineBookingKey(clinicId), body.data),
  });
}
