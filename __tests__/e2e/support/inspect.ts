/**
 * What the walk looks for on a rendered page, run inside the page (page.evaluate): the language of
 * every visible text run, and the layout rules (no horizontal page overflow, no clipped or
 * overflowing text, no header broken per character, no wrapped date, fixed bars never over content,
 * touch targets of 44 px, no element wider than the window, nothing scrolling sideways on a phone,
 * labels whole, tables whole on a wide screen). The function is serialised into the browser: it uses
 * nothing from outside.
 */
export interface InspectOptions {
  lang: 'zh-CN' | 'en-US';
  /** Text values of the demo world that contain Chinese (names, products, addresses): data, not labels. */
  data: string;
  /** Latin words a Chinese page may show (a short list), and the logged-in user's login name. */
  latinAllowed: string[];
  /** Check touch targets (narrow screens). */
  touch: boolean;
  /** Check that date-only texts keep to one line, and tables their columns (wide screens). */
  datesOneLine: boolean;
  /** A phone: no scroll container may scroll sideways. */
  phone: boolean;
}

export interface Finding {
  kind: string;
  text: string;
  where: string;
}

export async function inspectPage(options: InspectOptions): Promise<Finding[]> {
  const findings: Finding[] = [];
  const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
  const CJK_RUN = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]+/g;
  const OVERLAYS =
    '.ant-modal-root, .ant-drawer, .ant-message, .ant-notification, .ant-popover, .ant-dropdown, .ant-tooltip, ' +
    '.ant-select-dropdown, .ant-picker-dropdown, .mc-loading-overlay, .mc-promo, .ant-image-preview-root, .mc-popup';
  const SCROLLERS = '.ant-tabs-nav-wrap, .ant-table-content, .ant-table-body';
  const ONE_LINE_LABELS =
    'th, .ant-tag, .ant-btn, .mc-btn, [role=tab], .mc-nav-title, .ant-form-item-label, .ant-segmented-item-label, ' +
    '.ant-descriptions-item-label, .ant-pagination, .mc-header, .mc-side-nav, .mc-dock, .mc-list-card-label, ' +
    '.mc-steps-compact-count';
  const where = (el: Element | null): string => {
    const parts: string[] = [];
    for (let e = el, i = 0; e && e !== document.body && i < 4; e = e.parentElement, i += 1) {
      const id = e.getAttribute('data-testid');
      const cls = [...e.classList].filter((c) => !c.startsWith('css-')).slice(0, 2);
      parts.unshift(`${e.tagName.toLowerCase()}${id ? `[${id}]` : ''}${cls.length ? `.${cls.join('.')}` : ''}`);
    }
    return parts.join(' > ');
  };
  const visible = (el: Element) =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true } as CheckVisibilityOptions);
  const add = (kind: string, text: string, el: Element | null) => {
    if (findings.length < 200) findings.push({ kind, text: text.slice(0, 120), where: where(el) });
  };
  const lines = (rects: DOMRectList | DOMRect[]) =>
    new Set([...rects].filter((r) => r.width > 0.5 && r.height > 0.5).map((r) => Math.round(r.top))).size;
  const union = (rects: DOMRectList) => {
    const list = [...rects].filter((r) => r.width > 0.5 && r.height > 0.5);
    if (list.length === 0) return null;
    return {
      left: Math.min(...list.map((r) => r.left)),
      right: Math.max(...list.map((r) => r.right)),
      top: Math.min(...list.map((r) => r.top)),
      bottom: Math.max(...list.map((r) => r.bottom)),
    };
  };
  const blockOf = (el: Element): Element => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      if (!getComputedStyle(e).display.startsWith('inline') && getComputedStyle(e).display !== 'contents') return e;
    }
    return document.body;
  };

  // ---- language of the text runs (and placeholders)
  const latinWords = new RegExp(
    `\\b(${options.latinAllowed.map((w) => w.replace(/[-.]/g, '\\$&')).join('|')})\\b`,
    'gi',
  );
  const checkLanguage = (text: string, el: Element) => {
    if (/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) add('raw timestamp', text, el);
    if (options.lang === 'zh-CN') {
      const rest = text
        .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z?/g, ' ')
        .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
        .replace(/https?:\/\/\S+/g, ' ')
        .replace(/[\w\-.]+\.(xlsx|xlsm|xls|ods|csv|tsv|pdf|png|jpe?g|svg)\b/gi, ' ')
        .replace(/\b[A-Z0-9]*\d[A-Z0-9]*([-_/.·][A-Z0-9]+)*\b/g, ' ')
        .replace(/(^|[^A-Za-z])[A-Z]{1,4}(?![A-Za-z])/g, '$1 ')
        .replace(latinWords, ' ');
      if (/[A-Za-z]{2,}/.test(rest)) add('not Chinese', text, el);
    } else {
      for (const run of text.match(CJK_RUN) ?? []) {
        if (!CJK.test(run)) continue;
        if (run === '简体中文' && el.closest('.mc-language, .ant-select-dropdown')) continue;
        if (!options.data.includes(run)) {
          add('Chinese in English', text, el);
          break;
        }
      }
    }
  };

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const runs: { node: Text; el: Element; text: string }[] = [];
  for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
    const text = (n.nodeValue ?? '').replace(/\s+/g, ' ').trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('script, style, noscript, template, [aria-hidden="true"]')) continue;
    if (!visible(el)) continue;
    // text kept for screen readers only (a 1 px clipped box) is not on the screen
    const own = el.getBoundingClientRect();
    if (own.width <= 1 || own.height <= 1) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    if (!union(range.getClientRects())) continue;
    runs.push({ node: n, el, text });
  }
  for (const r of runs) checkLanguage(r.text, r.el);
  for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[placeholder], textarea[placeholder]',
  )) {
    const holder = input.closest('.ant-select, .ant-picker, .ant-input-affix-wrapper') ?? input;
    if (input.placeholder.trim() && visible(holder)) checkLanguage(input.placeholder.trim(), input);
  }
  if (options.lang === 'zh-CN' ? !CJK.test(document.title) : CJK.test(document.title.replace(/\s-\s.*$/, '')))
    add('document title', document.title, null);
  if (document.documentElement.lang !== options.lang) add('html lang', document.documentElement.lang, null);

  // ---- native inputs the browser labels in its own language
  for (const input of document.querySelectorAll('input[type=file]'))
    if (visible(input)) add('native file input', 'input[type=file]', input);
  for (const input of document.querySelectorAll(
    'input[type=date], input[type=datetime-local], input[type=time], input[type=month]',
  ))
    add('native date input', `input[type=${(input as HTMLInputElement).type}]`, input);

  // ---- the page never scrolls sideways
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > window.innerWidth + 1) {
    const culprits = [...document.querySelectorAll('body *')].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.right > window.innerWidth + 1 && r.width > 0 && !e.closest(SCROLLERS) && visible(e);
    });
    const outermost = culprits.filter((e) => !culprits.some((o) => o !== e && o.contains(e))).slice(0, 3);
    add('page overflow', `page is ${pageWidth} px wide in a ${window.innerWidth} px window`, outermost[0] ?? null);
    for (const e of outermost.slice(1)) add('page overflow', 'also wider than the window', e);
  }

  // ---- no element wider than the window (a table in its own scroller included); antd's tab strip
  // is left out: it slides its tabs and offers the hidden ones in its "more" menu
  const wider = [...document.querySelectorAll('body *')].filter((e) => {
    if (e.closest(OVERLAYS) || e.closest('.ant-tabs-nav-wrap')) return false;
    const r = e.getBoundingClientRect();
    return r.width > window.innerWidth + 1 && visible(e);
  });
  for (const e of wider.filter((e) => !wider.some((o) => o !== e && o.contains(e))).slice(0, 3))
    add('wider than the window', `${Math.round(e.getBoundingClientRect().width)} px in ${window.innerWidth} px`, e);

  // ---- on a phone nothing scrolls sideways (a table's box, a list, a strip of buttons)
  if (options.phone)
    for (const e of document.querySelectorAll('body *')) {
      if (e.closest(OVERLAYS) || e.closest('.ant-tabs-nav-wrap')) continue;
      const style = getComputedStyle(e);
      if (!/auto|scroll/.test(style.overflowX) || e.scrollWidth <= e.clientWidth + 1 || !visible(e)) continue;
      add('scrolls sideways', `${e.scrollWidth} px in ${e.clientWidth} px`, e);
    }

  // ---- text inside its box: not clipped, not spilling out, not broken per character, dates whole
  for (const { node, el, text } of runs) {
    if (el.closest(OVERLAYS)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = union(range.getClientRects());
    if (!box) continue;
    // clipped by an ancestor that hides overflow (scroll containers are fine: the text can be reached)
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      if (a.matches(SCROLLERS) || /auto|scroll/.test(style.overflowX + style.overflowY)) break;
      const r = a.getBoundingClientRect();
      if (box.left < r.left - 1 || box.right > r.right + 1 || box.top < r.top - 1 || box.bottom > r.bottom + 1) {
        add(style.textOverflow === 'ellipsis' ? 'truncated text' : 'clipped text', text, el);
        break;
      }
    }
    const block = blockOf(el);
    const b = block.getBoundingClientRect();
    if (box.right > b.right + 1 || box.left < b.left - 1) add('text overflows its box', text, el);
    const rects = range.getClientRects();
    const lineCount = lines(rects);
    const chars = text.replace(/\s/g, '').length;
    if (lineCount > 1 && chars >= 2 && chars <= 16 && chars / lineCount <= 2) add('broken per character', text, el);
    else if (lineCount > 1 && chars <= 24 && el.closest(ONE_LINE_LABELS)) add('label on several lines', text, el);
    const value = node.nodeValue ?? '';
    if (getComputedStyle(el).writingMode.startsWith('vertical')) {
      // vertical text: no character over another
      const boxes: DOMRect[] = [];
      for (let i = 0; i < value.length; i += 1) {
        if (!value[i].trim()) continue;
        const c = document.createRange();
        c.setStart(node, i);
        c.setEnd(node, i + 1);
        boxes.push(c.getBoundingClientRect());
      }
      const overlap = boxes.some((a, i) =>
        boxes.some(
          (b, j) =>
            j > i &&
            Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
            Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1,
        ),
      );
      if (overlap) add('characters overlap', text, el);
    }
    for (const word of value.matchAll(/[A-Za-z]{2,}/g)) {
      const w = document.createRange();
      w.setStart(node, word.index ?? 0);
      w.setEnd(node, (word.index ?? 0) + word[0].length);
      if (lines(w.getClientRects()) > 1) {
        add('word broken across lines', word[0], el);
        break;
      }
    }
    for (const date of value.matchAll(/\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}(?::\d{2})?)?/g)) {
      const d = document.createRange();
      d.setStart(node, date.index ?? 0);
      d.setEnd(node, (date.index ?? 0) + date[0].length);
      if (lines(d.getClientRects()) > 1) add('date wraps', date[0], el);
    }
    if (options.datesOneLine && /\d{4}-\d{2}-\d{2}/.test(text) && text.length <= 40 && lineCount > 1)
      add('date text wraps', text, el);
  }

  // ---- on a wide screen a table fits its card, its drawer or its dialog, and no header is cut
  if (options.datesOneLine) {
    for (const scroller of document.querySelectorAll('.ant-table-content, .ant-table-body'))
      if (visible(scroller) && scroller.scrollWidth > scroller.clientWidth + 1)
        add('table scrolls on a wide screen', `${scroller.scrollWidth} px in ${scroller.clientWidth} px`, scroller);
    for (const th of document.querySelectorAll('th.ant-table-cell'))
      if (visible(th) && th.scrollWidth > th.clientWidth + 1) add('table header cut', th.textContent ?? '', th);
  }

  // ---- touch targets of at least 44 x 44 px on narrow screens
  if (options.touch) {
    const TARGETS =
      'a[href], button, [role=button], [role=tab], [role=menuitem], [role=switch], textarea, ' +
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), .ant-select, .ant-picker, ' +
      '.ant-checkbox-wrapper, .ant-radio-wrapper, .ant-pagination-item, .ant-segmented-item';
    const INSIDE = '.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number, .ant-upload-list';
    for (const t of document.querySelectorAll(TARGETS)) {
      if (!visible(t) || t.closest(OVERLAYS)) continue;
      if (t.parentElement?.closest(TARGETS) || (t.matches('input, textarea') && t.parentElement?.closest(INSIDE)))
        continue;
      // measure what takes the touch: antd's tab and segmented item handle it as a whole
      const target = t.closest('.ant-input-affix-wrapper, .ant-tabs-tab, .ant-segmented-item') ?? t;
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.height < 43.5 || r.width < 43.5)
        add(
          'small touch target',
          `${Math.round(r.width)}x${Math.round(r.height)} ${(target.textContent ?? '').trim().slice(0, 40)}`,
          target,
        );
    }
  }

  // ---- fixed bars never cover the page: at the end of the page (where a docked bar has room kept
  // for it) and, for bars at the side, at the top as well
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const covered = (atTop: boolean) => {
    const bars = [...document.querySelectorAll('body *')].filter((e) => {
      if (getComputedStyle(e).position !== 'fixed' || e.closest(OVERLAYS) || !visible(e)) return false;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      // a bar across the bottom may pass over the page while it scrolls; at the top only side bars count
      return !atTop || r.width < window.innerWidth * 0.5;
    });
    const topBars = bars.filter((e) => !bars.some((o) => o !== e && o.contains(e)));
    const content = [...document.querySelectorAll('.mc-content *, .mc-footer *')].filter(
      (e) =>
        !e.closest(OVERLAYS) &&
        !topBars.some((bar) => bar.contains(e)) &&
        (e.matches('a, button, input, [role=button]') ||
          [...e.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && (c.nodeValue ?? '').trim())) &&
        visible(e),
    );
    // what of an element shows: its box cut by the ancestors that clip or scroll it
    const shown = (e: Element) => {
      const r = e.getBoundingClientRect();
      let { left, right, top, bottom } = r;
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const c = a.getBoundingClientRect();
        left = Math.max(left, c.left);
        right = Math.min(right, c.right);
        top = Math.max(top, c.top);
        bottom = Math.min(bottom, c.bottom);
      }
      return { left, right, top, bottom };
    };
    for (const bar of topBars) {
      const br = bar.getBoundingClientRect();
      for (const e of content) {
        const r = shown(e);
        const w = Math.min(r.right, br.right) - Math.max(r.left, br.left);
        const h = Math.min(r.bottom, br.bottom) - Math.max(r.top, br.top);
        if (w > 2 && h > 2) {
          add('covered by a fixed bar', `${(e.textContent ?? '').trim().slice(0, 40)} under ${where(bar)}`, e);
          return;
        }
      }
    }
  };
  window.scrollTo(0, 0);
  await frame();
  covered(true);
  // at the end of the page: scrolled until the end is reached (a page still growing, a smooth scroll)
  // and staying there (the height unchanged over two frames)
  let height = -1;
  for (let i = 0; i < 30; i += 1) {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await frame();
    const now = document.documentElement.scrollHeight;
    if (now === height && window.scrollY + window.innerHeight >= now - 1) break;
    height = now;
  }
  covered(false);
  window.scrollTo(0, 0);
  return findings;
}
