/**
 * The window's width for a page test. jsdom lays nothing out and answers every media query "no"
 * (jest/setupClient.ts): a list is then a phone's cards. A test that reads a list as a table, or that
 * means a phone, says so with `withViewport(1440)` or `withViewport(390)` (for every test of its
 * describe block): media queries on width (antd's Grid breakpoints, the frame's) are answered for
 * that width, and `window.innerWidth` is that width.
 */
const stub = window.matchMedia;

function matchesAt(query: string, width: number): boolean {
  const parts = query.split(/\s+and\s+/);
  return parts.every((part) => {
    const m = /\((min|max)-width:\s*([\d.]+)px\)/.exec(part);
    if (!m) return false;
    const px = Number(m[2]);
    return m[1] === 'min' ? width >= px : width <= px;
  });
}

export function setViewport(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.matchMedia = (query: string) =>
    ({
      matches: matchesAt(query, width),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

export function resetViewport(): void {
  window.matchMedia = stub;
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1024 });
}

/** The window `width` px wide for each test of the enclosing block. */
export function withViewport(width: number): void {
  beforeEach(() => setViewport(width));
  afterEach(() => resetViewport());
}

/** The cards of a list on a phone (shared/list/DataList), in order. */
export function cards(list: HTMLElement): HTMLElement[] {
  return Array.from(list.querySelectorAll<HTMLElement>('li.mc-list-card'));
}
