import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createPasskey } from './passkey-ceremony';
import { listPasskeys, removePasskey, renamePasskey } from './passkey-requests';

const KEY = ['security', 'passkeys'] as const;

export const passkeysQueryOptions = () => queryOptions({ queryKey: KEY, queryFn: ({ signal }) => listPasskeys(signal) });

/** The signed-in person's passkeys. */
export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

function useChange<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

export const useAddPasskey = () => useChange((name: string) => createPasskey(name));
export const useRenamePasskey = () => useChange(({ id, name }: { id: string; name: string }) => renamePasskey(id, name));
export const useRemovePasskey = () => useChange((id: string) => removePasskey(id));
