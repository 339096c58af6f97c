import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { i18n, i18nReady, loadPageTexts } from '@/lib/i18n';
import '@/lib/dayjs-locale';
import { registerNavigate } from '@/lib/navigation';
import { settleLoads } from '@/lib/pending-loads';

// Pages are lazy chunks, and the test runner compiles a module the first time it is imported: on a busy 2-core machine
// the first render of a page can take longer than Testing Library's default second to appear.
configure({ asyncUtilTimeout: 5000 });

// English (with the pages' texts) is loaded before any test renders; a test switching to Arabic loads it by awaiting
// changeLanguage.
await i18nReady;
await loadPageTexts();

// Mantine reads media queries and observes element sizes; jsdom has neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = vi.fn();
// Mantine's autosizing textarea listens for web fonts loading; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
}
window.HTMLElement.prototype.scrollTo = vi.fn() as unknown as typeof HTMLElement.prototype.scrollTo;
// jsdom does not implement the pseudo-element argument; Mantine passes it.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(async () => {
  // A page or the shell the router started loading finishes before the next test (or the end of the file): the
  // worker runs the next file in the same module graph, where a half-loaded chunk would land after its document.
  await settleLoads();
  cleanup();
  notifications.clean();
  registerNavigate(null);
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
