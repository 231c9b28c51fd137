/**
 * The table's geometry as a person sees it, measured on the page: text that overlaps other text,
 * text cut off, header controls that wrap, and where the header ends and the board or table starts.
 */
import { Browser, BrowserContext, Page } from 'playwright-core';
import { openPage, waitFor } from './support';

export interface Geometry {
  /** What is wrong, one line each ("overlap: …", "clipped: …", "wraps: …"). */
  readonly problems: string[];
  /** The game's header bar (brand, room, the table's controls, Rules, Leave, the turn banner). */
  readonly header: Box;
  readonly banner: Box;
  /** The game's board or card table. */
  readonly board: Box;
  /** The spectator's note under the header, if shown. */
  readonly note: Box | null;
}

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Measures the page as it stands. Text is each visible text node's own boxes (a Range's client
 * rects), cut by every ancestor that clips (overflow other than visible, or paint containment):
 *
 * - clipped: a box cut by a clipping ancestor across (or up and down by one that does not
 *   scroll: a scrolling list's line half out of sight is only scrolled), or by the window's sides;
 *   or an element holding text whose scrollWidth passes its clientWidth where it clips.
 * - overlap: two boxes of different text in the same layer overlap. A layer is what floats over
 *   the page on purpose (the nearest fixed, sticky or absolutely placed ancestor, or the page):
 *   what covers something in another layer does so by design (a phone's hand kept in sight).
 * - see-through: text of a floating layer lies over text of another, and that layer lets it show
 *   through (an opacity under 1, or no opaque background behind its words): both read at once.
 * - wraps: a control of the header (a button, the room's code, the watchers, the language switch)
 *   no longer on one line.
 */
export async function measureTable(page: Page): Promise<Geometry> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element) => {
      const testid = (el as HTMLElement).dataset?.testid;
      const classes = [...el.classList].slice(0, 2).join('.');
      return `${el.tagName.toLowerCase()}${testid ? `[${testid}]` : ''}${classes ? `.${classes}` : ''}`;
    };
    const box = (r: DOMRect) => ({ left: Math.round(r.left), top: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height) });

    /** The box an ancestor clips its content to (inside its borders), and whether it scrolls up and down. */
    const clipOf = (el: Element): { rect: DOMRect; scrolls: boolean } | null => {
      const style = getComputedStyle(el);
      const clipsX = style.overflowX !== 'visible';
      const clipsY = style.overflowY !== 'visible';
      const paint = /paint|strict|content/.test(style.contain);
      if (!clipsX && !clipsY && !paint) return null;
      const r = el.getBoundingClientRect();
      const rect = new DOMRect(r.left + el.clientLeft, r.top + el.clientTop, el.clientWidth || r.width, el.clientHeight || r.height);
      return { rect, scrolls: /auto|scroll/.test(style.overflowY) };
    };
    /** Hidden but for screen readers: inside a box a pixel wide or high that clips (.sr-only, a phone's switch labels). */
    const visuallyHidden = (el: Element): boolean => {
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        const r = e.getBoundingClientRect();
        if ((r.width <= 1 || r.height <= 1) && getComputedStyle(e).overflow !== 'visible') return true;
      }
      return false;
    };
    const layerOf = (el: Element): Element => {
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        if (/fixed|sticky|absolute/.test(getComputedStyle(e).position)) return e;
      }
      return document.body;
    };

    interface TextBox {
      readonly el: Element;
      readonly text: string;
      readonly rect: DOMRect;
      readonly layer: Element;
    }
    const boxes: TextBox[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('script, style, select, option')) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || visuallyHidden(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width < 1 || rect.height < 1) continue;
        // What is left in sight after each clipping ancestor: a scrolling list shows part of a line.
        let visible: DOMRect | null = rect;
        for (let a = el.parentElement; a && visible; a = a.parentElement) {
          const clip = clipOf(a);
          if (!clip) continue;
          const c = clip.rect;
          const v: DOMRect = visible;
          if (v.right <= c.left + 0.5 || v.left >= c.right - 0.5 || v.bottom <= c.top + 0.5 || v.top >= c.bottom - 0.5) {
            visible = null;
            break;
          }
          const cutAcross = v.left < c.left - 1 || v.right > c.right + 1;
          const cutUpDown = v.top < c.top - 1 || v.bottom > c.bottom + 1;
          if (cutAcross || (cutUpDown && !clip.scrolls)) problems.push(`clipped: "${text.slice(0, 40)}" in ${describe(el)} by ${describe(a)}`);
          const top = Math.max(v.top, c.top);
          const bottom = Math.min(v.bottom, c.bottom);
          visible = new DOMRect(v.left, top, v.width, bottom - top);
        }
        if (!visible) continue;
        if (rect.left < -1 || rect.right > innerWidth + 1) problems.push(`clipped: "${text.slice(0, 40)}" in ${describe(el)} by the window's side`);
        boxes.push({ el, text, rect: visible, layer: layerOf(el) });
      }
    }

    // Text pushed out of an element that clips it (an ellipsis, a scroll bar across).
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('select') || !el.checkVisibility() || visuallyHidden(el)) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === 'visible' && !/paint|strict|content/.test(style.contain)) continue;
      if (el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? '').trim())
        problems.push(`clipped: ${describe(el)} is ${el.scrollWidth} px wide inside ${el.clientWidth}`);
    }

    const overlaps = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    /** Does what lies under `el`'s words show through them (an opacity under 1 up to the first background, or a background not opaque)? */
    const seeThrough = (el: Element): boolean => {
      let opacity = 1;
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        const style = getComputedStyle(e);
        opacity *= Number(style.opacity);
        const alpha = /rgba?\(([^)]+)\)/.exec(style.backgroundColor)?.[1].split(',').map(Number)[3] ?? 1;
        if (alpha > 0) return alpha < 0.99 || opacity < 0.99;
      }
      return true;
    };
    // Which of two overlapping texts is on top, asked of the page at the overlap's middle (every
    // element hit-tested for the question, whatever its pointer-events: set through the CSSOM, which
    // the page's Content-Security-Policy allows, and put back after).
    const untouchable = [...document.querySelectorAll<HTMLElement>('body *')].filter((e) => getComputedStyle(e).pointerEvents === 'none');
    const before = untouchable.map((e) => e.style.pointerEvents);
    for (const e of untouchable) e.style.pointerEvents = 'auto';
    const above = (a: TextBox, b: TextBox): TextBox | null => {
      const x = (Math.max(a.rect.left, b.rect.left) + Math.min(a.rect.right, b.rect.right)) / 2;
      const y = (Math.max(a.rect.top, b.rect.top) + Math.min(a.rect.bottom, b.rect.bottom)) / 2;
      const stack = document.elementsFromPoint(x, y);
      const ia = stack.findIndex((e) => e === a.el || e.contains(a.el));
      const ib = stack.findIndex((e) => e === b.el || e.contains(b.el));
      if (ia < 0 || ib < 0 || ia === ib) return null;
      return ia < ib ? a : b;
    };
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (a.el === b.el || !overlaps(a.rect, b.rect)) continue;
        if (a.layer === b.layer) problems.push(`overlap: "${a.text.slice(0, 30)}" (${describe(a.el)}) and "${b.text.slice(0, 30)}" (${describe(b.el)})`);
        else {
          const top = above(a, b);
          const under = top === a ? b : a;
          if (top && seeThrough(top.el))
            problems.push(`see-through: "${top.text.slice(0, 30)}" (${describe(top.el)}) over "${under.text.slice(0, 30)}" (${describe(under.el)})`);
        }
      }
    }
    untouchable.forEach((e, i) => (e.style.pointerEvents = before[i]));

    const header = document.querySelector('.game-bar')!;
    const controls = header.querySelectorAll('button:not([hidden]), .watchers:not([hidden]), .language-switcher, .room-tag, .brand');
    for (const control of controls) {
      if (!control.checkVisibility()) continue;
      // Its words (those shown) and its pictures and menus, each a box: on one line, their middles meet.
      const parts: DOMRect[] = [...control.querySelectorAll('svg, select, .seat-mark')].map((e) => e.getBoundingClientRect());
      const words = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = words.nextNode(); node; node = words.nextNode()) {
        if (!node.textContent?.trim() || !node.parentElement?.checkVisibility() || visuallyHidden(node.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        parts.push(...range.getClientRects());
      }
      const tops = parts.filter((r) => r.width > 0 && r.height > 0).map((r) => r.top + r.height / 2);
      if (tops.length && Math.max(...tops) - Math.min(...tops) > 6)
        problems.push(`wraps: ${describe(control)} "${(control.textContent ?? '').trim().slice(0, 40)}"`);
    }

    const note = document.querySelector('.spectator-banner');
    return {
      problems: [...new Set(problems)],
      header: box(header.getBoundingClientRect()),
      banner: box(document.querySelector('[data-testid=turn-banner]')!.getBoundingClientRect()),
      board: box(document.querySelector('.board-area')!.getBoundingClientRect()),
      note: note && note.checkVisibility() ? box(note.getBoundingClientRect()) : null,
    };
  });
}

/** The sizes and languages the table's geometry is measured at (table-geometry.e2e.ts and the games' own). */
export const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  // The narrowest window with the board beside the side panel: the banner's words wrap most here.
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'small', width: 800, height: 600 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'zoom200', width: 640, height: 400 },
] as const;
export const LANGUAGES = ['en', 'fr', 'de', 'ja'] as const;

/**
 * The header's height at most: a row of controls and a banner of two lines (a laptop, a tablet, a
 * small window); two rows of controls (under 720 px) and a banner of four (a phone) or three (200%).
 */
const MAX_HEADER: Readonly<Record<(typeof SIZES)[number]['name'], number>> = { laptop: 110, tablet: 110, small: 130, phone: 180, zoom200: 160 };

/** A person's page at `size` (a laptop unless said), in English. */
export async function person(
  browser: Browser,
  label: string,
  size: (typeof SIZES)[number] = SIZES[0],
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: 'en-GB' });
  return { context, ...(await openPage(context, label)) };
}

/** The page at `size` and in `lang`, scrolled to its top and drawn. */
export async function show(page: Page, size: (typeof SIZES)[number], lang: string): Promise<void> {
  await page.setViewportSize({ width: size.width, height: size.height });
  if ((await page.evaluate(() => document.documentElement.lang)) !== lang) {
    await page.selectOption('.game-bar [data-testid=language]', lang);
    await waitFor(`the page in ${lang}`, () => page.evaluate((l) => document.documentElement.lang === l, lang));
  }
  // At the top of the page, once the new size and words are laid out and drawn.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** What is wrong with the table's geometry, one line each. */
export function judge(g: Geometry, size: (typeof SIZES)[number]): string[] {
  const problems = [...g.problems];
  // The banner has a row of its own across the header.
  if (g.banner.width < g.header.width - 40) problems.push(`the banner is ${g.banner.width} px wide in a header of ${g.header.width}`);
  if (g.header.height > MAX_HEADER[size.name]) problems.push(`the header is ${g.header.height} px high (at most ${MAX_HEADER[size.name]})`);
  // The board starts right under the header (and the spectator's note).
  const under = g.header.top + g.header.height + (g.note?.height ?? 0);
  if (Math.abs(g.board.top - under) > 2) problems.push(`the board starts at ${g.board.top} px, not under the header (${under})`);
  return problems;
}
