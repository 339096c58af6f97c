/**
 * Lets code outside React (the http client) change route. The router registers itself at start-up;
 * before that, or in tests without a router, a full page load is used.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

let navigateImpl: Navigate | null = null;

export function registerNavigate(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) {
    void navigateImpl(to, options);
    return;
  }
  window.location.assign(to);
}
