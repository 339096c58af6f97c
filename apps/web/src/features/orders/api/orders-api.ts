import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes, type CatalogueItemInput, type CatalogueItemUpdate, type OrderCreateInput, type OrderKind, type ResultEntryInput,
} from '@clinic/shared';
import { call } from '@/lib/api-client';

/** Query keys: every order query lives under `['orders']`, so any change refreshes every order view. */
export const ordersKeys = {
  all: ['orders'] as const,
  /** Every list of one patient's orders (all of them, or one visit's). */
  ofPatient: (patientId: string) => ['orders', 'patient', patientId] as const,
  patient: (patientId: string, encounterId?: string) => [...ordersKeys.ofPatient(patientId), encounterId ?? null] as const,
  one: (id: string) => ['orders', 'one', id] as const,
  mine: () => ['orders', 'mine'] as const,
  catalogue: (q: CatalogueQuery) => ['orders', 'catalogue', q] as const,
};

export interface CatalogueQuery { clinic?: string; kind?: OrderKind; search?: string; isActive?: boolean; page?: number; limit?: number }

export function getCatalogue(q: CatalogueQuery, signal?: AbortSignal) {
  const query = {
    // The picker filters as one types: the clinic's whole catalogue, up to the server's cap.
    ...(q.limit ? { limit: q.limit, page: q.page ?? 1 } : { allData: 'true' as const }),
    ...(q.clinic ? { clinic: q.clinic } : {}), ...(q.kind ? { kind: q.kind } : {}), ...(q.search ? { search: q.search } : {}),
    ...(q.isActive === undefined ? {} : { isActive: String(q.isActive) as 'true' | 'false' }),
  };
  return call(routes.orderCatalogue.list, { query }, { signal, silent: true });
}
export const createCatalogueItem = (body: CatalogueItemInput) => call(routes.orderCatalogue.create, { body }, { successToast: true, silent: true });
export const updateCatalogueItem = (id: string, body: CatalogueItemUpdate) => call(routes.orderCatalogue.update, { params: { id }, body }, { successToast: true, silent: true });

export const getPatientOrders = (patientId: string, encounterId?: string, signal?: AbortSignal) =>
  call(routes.orders.patientList, { params: { id: patientId }, query: { limit: 30, ...(encounterId ? { encounter: encounterId } : {}) } }, { signal, silent: true });
export const getOrder = (id: string, signal?: AbortSignal) => call(routes.orders.get, { params: { id } }, { signal, silent: true }).then((r) => r.data);
export const getResultsToReview = (signal?: AbortSignal) => call(routes.orders.mine, { query: { limit: 20 } }, { signal, silent: true });
export const findOrderByNumber = (number: string, signal?: AbortSignal) => call(routes.orders.byNumber, { query: { number } }, { signal, silent: true }).then((r) => r.data);

export const placeOrder = (patientId: string, body: OrderCreateInput) => call(routes.orders.create, { params: { id: patientId }, body }, { successToast: true, silent: true });
export const collectOrder = (id: string, version: number) => call(routes.orders.collect, { params: { id }, body: { version } }, { successToast: true });
export const cancelOrder = (id: string, reason: string, version: number) => call(routes.orders.cancel, { params: { id }, body: { reason, version } }, { successToast: true, silent: true });
export const acknowledgeOrder = (id: string, version: number) => call(routes.orders.acknowledge, { params: { id }, body: { version } }, { successToast: true });
export const enterResults = (body: ResultEntryInput) => call(routes.orders.enterResults, { body }, { successToast: true, silent: true });
export function attachResultDocument(number: string, file: File, note: string) {
  const form = new FormData();
  form.append('number', number);
  form.append('note', note);
  form.append('file', file);
  return call(routes.orders.attachResult, { body: form }, { successToast: true, silent: true });
}

export function useCatalogue(q: CatalogueQuery, enabled = true) {
  return useQuery({ queryKey: ordersKeys.catalogue(q), queryFn: ({ signal }) => getCatalogue(q, signal), enabled, placeholderData: keepPreviousData, staleTime: 60_000 });
}
export function usePatientOrders(patientId: string, encounterId?: string) {
  return useQuery({ queryKey: ordersKeys.patient(patientId, encounterId), queryFn: ({ signal }) => getPatientOrders(patientId, encounterId, signal).then((r) => r.data) });
}
export function useOrder(id: string) {
  return useQuery({ queryKey: ordersKeys.one(id), queryFn: ({ signal }) => getOrder(id, signal), enabled: Boolean(id) });
}
export function useResultsToReview(enabled = true) {
  return useQuery({ queryKey: ordersKeys.mine(), queryFn: ({ signal }) => getResultsToReview(signal), enabled, refetchInterval: 60_000 });
}

/** Any change to an order refreshes every order view. */
export function useOrderChange<A, R>(send: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }) });
}
