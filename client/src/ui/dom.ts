/** A small hyperscript: DOM for forms, panels and menus without a framework. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

export type Props = {
  class?: string;
  text?: string;
  html?: string;
  dataset?: Record<string, string | number>;
  style?: Partial<CSSStyleDeclaration>;
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
  [attribute: string]: unknown;
};

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    switch (key) {
      case 'class':
        el.className = value as string;
        break;
      case 'text':
        el.textContent = value as string;
        break;
      case 'html':
        el.innerHTML = value as string;
        break;
      case 'dataset':
        for (const [k, v] of Object.entries(value as Record<string, string | number>)) el.dataset[k] = String(v);
        break;
      case 'style':
        Object.assign(el.style, value);
        break;
      case 'on':
        for (const [event, handler] of Object.entries(value as Record<string, EventListener>)) el.addEventListener(event, handler);
        break;
      default:
        if (value === true) el.setAttribute(key, '');
        else if (key in el && typeof value !== 'string') (el as unknown as Record<string, unknown>)[key] = value;
        else el.setAttribute(key, String(value as string | number)); // an attribute's value: a string or a number
    }
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === 'object' ? (child as Node) : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/**
 * Replaces an element's children, but keeps each one that equals its replacement (isEqualNode):
 * a panel drawn again at every step of a game then changes, lays out and paints only what
 * differs. A kept child keeps its own listeners, so use it where a child's listeners depend on
 * nothing but what the child shows.
 */
export function fillChanged(parent: Element, ...children: Child[]): void {
  const next: Node[] = [];
  const collect = (list: readonly Child[]) => {
    for (const child of list) {
      if (child === null || child === undefined || child === false) continue;
      if (Array.isArray(child)) collect(child);
      else next.push(typeof child === 'object' ? (child as Node) : document.createTextNode(String(child)));
    }
  };
  collect(children);
  // A child handed back where it is stays; one handed back elsewhere would move as the others are compared: draw them all again.
  if (next.some((node, i) => node.parentNode === parent && parent.childNodes[i] !== node)) {
    fill(parent, next);
    return;
  }
  next.forEach((node, i) => {
    const current = parent.childNodes[i];
    if (current === node) return;
    if (!current) parent.appendChild(node);
    else if (!current.isEqualNode(node)) parent.replaceChild(node, current);
  });
  while (parent.childNodes.length > next.length) parent.lastChild!.remove();
}

/**
 * Sets a data attribute, `hidden` or another attribute only when it changes: a screen updated at every step of a
 * replay (one a frame) otherwise re-marks the same elements for style at every step.
 */
export function setData(el: HTMLElement, name: string, value: string): void {
  if (el.dataset[name] !== value) el.dataset[name] = value;
}

export function setHidden(el: HTMLElement, hidden: boolean): void {
  if (el.hidden !== hidden) el.hidden = hidden;
}

export function setAttr(el: Element, name: string, value: string): void {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** A node's text (an element's whole content, or a text node's), set only when it changes. */
export function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** An element made from trusted markup (our own SVG glyphs). */
export function svgElement(markup: string, className = 'icon'): HTMLSpanElement {
  return h('span', { class: className, html: markup, 'aria-hidden': 'true' });
}
