import './shiftClock';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { keepDeclarations } from './cssFilter';

// Pages answer over real HTTP from a gateway in the same process, and the first render of a file
// compiles its chunks cold on a fresh clone: give them time on a busy machine.
configure({ asyncUtilTimeout: 15000 });

// antd reads matchMedia for its responsive grid; jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => undefined;

// Page tests log in and render the whole portal against a real gateway; the first one of a file
// warms everything up, which takes more than jest's default 5 s on a busy machine.
jest.setTimeout(60000);

// antd's Dropdown, Select and Menu measure themselves with ResizeObserver; jsdom has none and lays nothing out.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window))
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoLayoutResizeObserver });

// antd's modal scroll lock asks for pseudo-element styles, which jsdom does not implement.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// antd's CSS-in-JS reaches the page through rc-util's updateCSS: hand jsdom only the declarations that
// decide what is shown (see ./cssFilter.ts). jsdom lays nothing out, so nothing else is lost, and
// role queries stop spending seconds matching thousands of unused selectors.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dynamicCSS = require('@rc-component/util/lib/Dom/dynamicCSS') as {
  updateCSS: (css: string, key: string, option?: object) => HTMLStyleElement;
};
if (typeof dynamicCSS.updateCSS !== 'function')
  throw new Error('rc-util no longer exports updateCSS: update jest/setupClient.ts');
const updateCSS = dynamicCSS.updateCSS;
const SHOWN = new Set(['display', 'visibility', 'opacity', 'pointer-events']);
dynamicCSS.updateCSS = (css, key, option) => updateCSS(keepDeclarations(css, SHOWN), key, option);
