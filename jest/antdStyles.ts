/**
 * antd's CSS-in-JS in jsdom, made cheap without changing what a test can observe.
 *
 * 1. Only the declarations that decide what is shown reach the page. antd writes thousands of rules
 *    into <style> elements, and jsdom's getComputedStyle matches every rule of every sheet against an
 *    element and each of its ancestors; role queries and toBeVisible ask for the computed style of
 *    every node they look at, so a page test spent most of its time matching selectors whose
 *    declarations jsdom never uses (it lays nothing out). The rules keep their selectors and order,
 *    so display, visibility, opacity and pointer-events come out as before (see ./cssFilter.ts).
 * 2. A style already on the page is found without scanning the page's styles (see below).
 * 3. A component's generated style stays cached once its last instance unmounts. antd drops the
 *    cache entry then and builds the same text again on the next mount, which page tests (one
 *    render per test) pay for at every test. The <style> element itself is never removed by antd
 *    outside hot reloading, so nothing on the page changes.
 */
import { keepDeclarations, SHOWN } from './cssFilter';

const dynamicCSS = require('@rc-component/util/lib/Dom/dynamicCSS') as {
  updateCSS: (css: string, key: string, option?: object) => HTMLStyleElement;
};
const Entity = require('@ant-design/cssinjs/lib/Cache').default as {
  prototype: { opUpdate: (key: string, update: (previous: unknown) => unknown) => void };
};
const { STYLE_PREFIX } = require('@ant-design/cssinjs/lib/hooks/useStyleRegister') as { STYLE_PREFIX: string };

if (typeof dynamicCSS.updateCSS !== 'function' || typeof Entity?.prototype?.opUpdate !== 'function' || !STYLE_PREFIX)
  throw new Error('antd internals moved (rc-util updateCSS, cssinjs Cache): update jest/antdStyles.ts');

const updateCSS = dynamicCSS.updateCSS;
const kept = new Map<string, string>();
const keep = (css: string) => {
  let text = kept.get(css);
  if (text === undefined) kept.set(css, (text = keepDeclarations(css, SHOWN)));
  return text;
};
// Every mount of a component asks again for its <style>; rc-util then scans all of them (slow jsdom
// collections) to find the one it wrote before. The same text under the same key, still in the
// document, is that same element.
const written = new Map<string, HTMLStyleElement>();
dynamicCSS.updateCSS = (css, key, option) => {
  const text = keep(css);
  const before = written.get(key);
  if (before?.isConnected && before.textContent === text) return before;
  const style = updateCSS(text, key, option);
  if (style) written.set(key, style);
  return style;
};

const opUpdate = Entity.prototype.opUpdate;
Entity.prototype.opUpdate = function (key, update) {
  opUpdate.call(this, key, (previous) => {
    const next = update(previous);
    // [instances, value]: no instance left of a component style: keep its value for the next mount
    if (next === null && Array.isArray(previous) && key.startsWith(`${STYLE_PREFIX}%`)) return [0, previous[1]];
    return next;
  });
};
