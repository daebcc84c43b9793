/**
 * Navigation for code outside components (the error handler): the router registers itself here.
 * Route push errors are swallowed (SPEC.md §8).
 */
type Navigate = (to: string) => unknown;
let navigateImpl: Navigate | null = null;

export function registerNavigate(fn: Navigate | null) {
  navigateImpl = fn;
}

export function navigateTo(to: string) {
  try {
    const result = navigateImpl?.(to);
    if (result && typeof (result as Promise<unknown>).catch === 'function') (result as Promise<unknown>).catch(() => undefined);
  } catch {
    // a failed route push is not the user's problem
  }
}

/** Leaves the portal (identity provider, main site): a full page load. */
export function leaveTo(url: string) {
  window.location.assign(url);
}
