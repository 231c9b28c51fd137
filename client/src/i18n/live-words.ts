/**
 * Words that follow the language on elements built once (a screen's buttons and headings): each
 * bound element gets its words now and again at every `refresh` (a screen calls it when the
 * language changes), so a screen redraws its words without being built again.
 */
export interface Words {
  readonly text?: () => string;
  readonly title?: () => string;
  readonly label?: () => string;
}

export class LiveWords {
  private readonly bound: [HTMLElement, Words][] = [];

  /** `el`, its words set from `words` now and at every refresh. */
  bind<E extends HTMLElement>(el: E, words: Words): E {
    this.bound.push([el, words]);
    apply(el, words);
    return el;
  }

  refresh(): void {
    for (const [el, words] of this.bound) apply(el, words);
  }
}

function apply(el: HTMLElement, words: Words): void {
  if (words.text) el.textContent = words.text();
  if (words.title) el.title = words.title();
  if (words.label) el.setAttribute('aria-label', words.label());
}
