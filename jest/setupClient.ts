import './shiftClock';
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import './antdStyles';

// Pages answer over real HTTP from a gateway in the same process: findBy and waitFor wait up to 20 s,
// everywhere the same. A page's first render in a file also loads its chunk, and in a fresh clone
// (no transform cache yet) that is the compiling of the page's modules while the other worker runs:
// a fresh-clone run once took over 10 s to show the correction page's first render.
configure({ asyncUtilTimeout: 20_000 });

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

// Every test starts in the install's language: a language an earlier test chose (its cookie, which the
// portal starts in) is forgotten.
beforeEach(() => {
  document.cookie = 'mc_locale=; path=/; max-age=0';
});

// A page test takes a few seconds of CPU; the ceiling leaves room for a machine shared with other runs.
jest.setTimeout(60_000);

// antd's Dropdown, Select and Menu measure themselves with ResizeObserver; jsdom has none and lays nothing out.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window))
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoLayoutResizeObserver });

// antd's modal scroll lock asks for pseudo-element styles, which jsdom does not implement: answer the
// element's own. jsdom computes a style by matching every rule of every sheet against the element
// and its ancestors, and a role query asks again for every node it looks at: an answer stands until
// the document changes (any mutation, which covers <style> text, classes and inline styles) or the
// focus moves (:focus-within rules).
const computedStyle = window.getComputedStyle.bind(window);
let styles = new WeakMap<Element, CSSStyleDeclaration>();
const forget = () => {
  styles = new WeakMap();
};
// A change is seen either way: still pending (takeRecords below) or already handed to this callback at
// a microtask's end (after which takeRecords has nothing: a callback that ignored its records left a
// closed dialog's `display: none` unseen, and the dialog "visible").
const changes = new MutationObserver(forget);
changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
document.addEventListener('focusin', forget, true);
document.addEventListener('focusout', forget, true);
window.getComputedStyle = (element: Element) => {
  if (changes.takeRecords().length) forget();
  let style = styles.get(element);
  if (!style) styles.set(element, (style = computedStyle(element)));
  return style;
};
