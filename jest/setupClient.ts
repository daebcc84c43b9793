import './shiftClock';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import './antdStyles';

// Pages answer over real HTTP from a gateway in the same process: findBy and waitFor wait up to 5 s
// (a page's first render in a file also loads its chunk), everywhere the same.
configure({ asyncUtilTimeout: 5000 });

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

// A page test logs in and renders the whole portal against a real gateway, and waits up to 5 s per step.
jest.setTimeout(30_000);

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
