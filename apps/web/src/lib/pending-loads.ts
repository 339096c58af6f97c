/**
 * Chunks being loaded right now (a page, the shell, the pages' layout). The router starts them and moves on; a test
 * waits for them to settle before its environment is torn down (src/test/setup.ts), so no module is still being
 * evaluated once the document it renders into is gone.
 */
const pending = new Set<Promise<unknown>>();

/** `load`, with each promise it returns counted until it settles. */
export function tracked<T>(load: () => Promise<T>): () => Promise<T> {
  return () => {
    const loading = load();
    pending.add(loading);
    const settled = () => pending.delete(loading);
    loading.then(settled, settled);
    return loading;
  };
}

/** Resolves once every counted load has settled, including loads started while waiting. */
export async function settleLoads(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}
