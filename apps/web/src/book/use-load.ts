import { useEffect, useState } from 'react';
import { Refusal } from './api';

/** Loads something for the current inputs; a newer load cancels the older one. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: Refusal; loading: boolean }>({ loading: true });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ data: s.data, loading: true }));
    load(controller.signal).then(
      (data) => setState({ data, loading: false }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ error: error instanceof Refusal ? error : new Refusal(0, 'ERROR', ''), loading: false });
      },
    );
    return () => controller.abort();
    // The caller names what the load depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
