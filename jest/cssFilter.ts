/**
 * Keeps, of a style sheet's text, only the declarations of some properties, with the rules (and the
 * @media / @supports / @layer / @container blocks) that still carry one. Everything else goes:
 * declarations of other properties, @keyframes, @font-face, comments.
 *
 * Why: antd writes thousands of CSS-in-JS rules into the page, and jsdom's getComputedStyle matches
 * every rule of every sheet against the element and each of its ancestors. Role queries ask for the
 * computed style of every node they look at (is it hidden?), so a page test spent most of its time
 * matching selectors whose declarations jsdom never uses (it lays nothing out). Keeping the rules that
 * decide what is shown (display, visibility, opacity, pointer-events) keeps those answers the same.
 */
/** The properties that decide whether an element is shown: what page tests keep of antd's styles. */
export const SHOWN = new Set(['display', 'visibility', 'opacity', 'pointer-events']);

export function keepDeclarations(css: string, properties: ReadonlySet<string>): string {
  return blocks(css, 0, css.length, properties);
}

const GROUPING = /^@(media|supports|layer|container|document)\b/i;

/** The index of the next character in `stop` at depth 0 (outside quotes, parentheses, comments). */
function next(css: string, from: number, end: number, stop: string): number {
  let depth = 0;
  for (let i = from; i < end; i += 1) {
    const c = css[i];
    if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close < 0 ? end : close;
    } else if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? end : close + 1;
    } else if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && stop.includes(c)) return i;
  }
  return end;
}

/** The index of the brace closing the block opened at `open`. */
function closing(css: string, open: number, end: number): number {
  let depth = 0;
  for (let i = open; i < end; i = next(css, i + 1, end, '{}')) {
    if (css[i] === '{') depth += 1;
    else if (css[i] === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return end;
}

function blocks(css: string, start: number, end: number, properties: ReadonlySet<string>): string {
  let out = '';
  let i = start;
  while (i < end) {
    const at = next(css, i, end, '{;}');
    if (at >= end) break;
    if (css[at] !== '{') {
      // a statement (`@import ...;`, `@layer a, b;`) or a stray character: nothing to keep
      i = at + 1;
      continue;
    }
    const prelude = css.slice(i, at).trim();
    const close = closing(css, at, end);
    if (GROUPING.test(prelude)) {
      const inner = blocks(css, at + 1, close, properties);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (!prelude.startsWith('@')) {
      const kept = declarations(css, at + 1, close, properties);
      if (kept) out += `${prelude}{${kept}}`;
    }
    i = close + 1;
  }
  return out;
}

function declarations(css: string, start: number, end: number, properties: ReadonlySet<string>): string {
  let out = '';
  for (let i = start; i < end;) {
    const stop = next(css, i, end, ';{');
    if (css[stop] === '{') {
      // a nested rule (CSS nesting): kept as a rule of its own within this one
      const close = closing(css, stop, end);
      out += blocks(css, i, close + 1, properties);
      i = close + 1;
      continue;
    }
    const declaration = css.slice(i, stop).trim();
    const colon = declaration.indexOf(':');
    if (colon > 0 && properties.has(declaration.slice(0, colon).trim().toLowerCase())) out += `${declaration};`;
    i = stop + 1;
  }
  return out;
}
