import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type WebhookEndpointInput } from '@clinic/shared';
import { call } from '@/lib/api-client';

const key = ['webhooks'] as const;

export async function getEndpoints(signal?: AbortSignal) {
  return (await call(routes.webhooks.list, {}, { signal })).data;
}

export function useEndpoints() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => getEndpoints(signal) });
}

export async function getDeliveries(id: string, page: number, signal?: AbortSignal) {
  return call(routes.webhooks.deliveries, { params: { id }, query: { page: String(page), limit: '10' } }, { signal });
}

export function useDeliveries(id: string | null, page: number) {
  return useQuery({
    queryKey: [...key, id, 'deliveries', page], enabled: Boolean(id), placeholderData: keepPreviousData,
    queryFn: ({ signal }) => getDeliveries(id!, page, signal),
  });
}

export type EndpointAction =
  | { kind: 'create'; input: WebhookEndpointInput }
  | { kind: 'update'; id: string; input: WebhookEndpointInput & { version: number } }
  | { kind: 'remove' | 'rotate' | 'test'; id: string }
  | { kind: 'replay'; deliveryId: string };

/** One change; answers the endpoint with its secret after a creation or rotation, else null. */
export async function runEndpointAction(action: EndpointAction): Promise<{ secret: string } | null> {
  switch (action.kind) {
    case 'create': return (await call(routes.webhooks.create, { body: action.input })).data;
    case 'update': await call(routes.webhooks.update, { params: { id: action.id }, body: action.input }); return null;
    case 'remove': await call(routes.webhooks.remove, { params: { id: action.id } }); return null;
    case 'rotate': return (await call(routes.webhooks.rotateSecret, { params: { id: action.id } })).data;
    case 'test': await call(routes.webhooks.sendTest, { params: { id: action.id } }); return null;
    case 'replay': await call(routes.webhooks.replay, { params: { id: action.deliveryId } }); return null;
  }
}

export function useEndpointAction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: runEndpointAction, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}
