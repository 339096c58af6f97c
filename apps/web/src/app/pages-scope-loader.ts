import { loadPageTexts } from '@/lib/i18n';
import { tracked } from '@/lib/pending-loads';

let loading: Promise<typeof import('./pages-scope')> | null = null;

/**
 * The layout around every page but sign-in (pages-scope.tsx), with the pages' texts. The shell asks for it along with
 * its own chunk, so that a page behind sign-in does not wait for one after the other.
 */
export function loadPagesScope() {
  loading ??= tracked(() => Promise.all([import('./pages-scope'), loadPageTexts()]).then(([scope]) => scope))();
  return loading;
}
