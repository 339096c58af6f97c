import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/http';
import { DISPLAY_LIVE_URL, DISPLAY_TOKEN_HEADER, getDisplayBoard, queueDisplayKeys } from '../api/queue-display';
import { useEventStream } from './use-event-stream';

/** The board is read again this often even when the stream says nothing (a stream silently cut by a proxy). */
export const BOARD_FALLBACK_MS = 30_000;

/**
 * The paired screen's board, kept current: the display's event stream refetches it on `ready` (at every connection,
 * which is how a screen that lost the network catches up) and on `queue`; a timer refetches it every 30 s besides.
 * The board refusing the token (401: the display was revoked or paired again elsewhere) calls `onRevoked`.
 */
export function useDisplayBoard(token: string, onRevoked: () => void) {
  const client = useQueryClient();
  const board = useQuery({
    queryKey: queueDisplayKeys.board(token),
    queryFn: ({ signal }) => getDisplayBoard(token, signal),
    refetchInterval: BOARD_FALLBACK_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const refused = isApiError(board.error) && board.error.status === 401;
  useEffect(() => {
    if (refused) onRevoked();
  }, [refused, onRevoked]);

  const refetch = useCallback(() => void client.invalidateQueries({ queryKey: queueDisplayKeys.board(token) }), [client, token]);
  const { connected } = useEventStream({
    url: DISPLAY_LIVE_URL,
    headers: { [DISPLAY_TOKEN_HEADER]: token },
    onEvent: (name) => {
      if (name === 'ready' || name === 'queue') refetch();
    },
    // The stream refused the token: the board's own answer tells whether the display was revoked.
    onRefused: refetch,
  });
  const offline = !connected || (isApiError(board.error) && board.error.status === 0);
  return { board, offline };
}
