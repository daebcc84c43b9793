/**
 * Navigation for code outside components (the error handler, machines): the router registers
 * itself here. Route push errors are swallowed (docs/SPEC.md §8). Leaving the portal and reloading go
 * through seams too, so tests (and embedding hosts) can observe them.
 */
type Navigate = (to: string) => unknown;
let navigateImpl: Navigate | null = null;
let leaveImpl: (url: string) => void = (url) => window.location.assign(url);
let reloadImpl: () => void = () => window.location.reload();

export function registerNavigate(fn: Navigate | null) {
  navigateImpl = fn;
}

export function navigateTo(to: string) {
  try {
    const result = navigateImpl?.(to);
    if (result && typeof (result as Promise<unknown>).catch === 'function')
      (result as Promise<unknown>).catch(() => undefined);
  } catch {
    // a failed route push is not the user's problem
  }
}

/** Replaces how the portal leaves for another site (the default is a full page load). */
export function registerLeave(fn: (url: string) => void) {
  leaveImpl = fn;
}

/** Leaves the portal (identity provider, main site): a full page load. */
export function leaveTo(url: string) {
  leaveImpl(url);
}

export function registerReload(fn: () => void) {
  reloadImpl = fn;
}

/** Loads the page again (a chunk that failed to arrive is fetched anew). */
export function reloadPage() {
  reloadImpl();
}

/** Opens a page of another site in a new window (the legal help center). */
export function openWindow(url: string) {
  window.open(url, '_blank', 'noopener');
}
