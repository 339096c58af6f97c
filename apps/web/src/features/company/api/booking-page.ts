import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';

const r = routes.onlineBookingSettings;
export const bookingPageKey = (companyId: string) => ['company', 'booking-page', companyId] as const;

export async function getBookingPage(companyId: string, signal?: AbortSignal) {
  return (await call(r.page, { params: { id: companyId } }, { signal, silent: true })).data;
}

export function useBookingPage(companyId: string) {
  return useQuery(queryOptions({ queryKey: bookingPageKey(companyId), queryFn: ({ signal }) => getBookingPage(companyId, signal), enabled: Boolean(companyId) }));
}

export function useSaveBookingPage(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slug: string | null) => call(r.savePage, { params: { id: companyId }, body: { slug } }),
    onSuccess: (body) => {
      client.setQueryData(bookingPageKey(companyId), body.data);
      // Each clinic's deep link follows the organisation's address.
      void client.invalidateQueries({ queryKey: ['clinics', 'online-booking'] });
    },
  });
}
