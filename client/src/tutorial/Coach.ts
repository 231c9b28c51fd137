/**
 * The coach: a small bubble that says each step (a live region, so screen readers hear it), with
 * Next when the step waits for it and a way out of the lesson, and a ring round each thing it
 * points at. It sits beside what it points at, never over it (coach-placement), and follows it
 * when the page scrolls, resizes or the board moves.
 */
import { t } from '../i18n/i18n';
import { fill, h } from '../ui/dom';
import { Box, placeCoach } from './coach-placement';

export interface CoachContent {
  readonly text: string;
  /** "Step 3 of 12", or null after the lesson. */
  readonly count: string | null;
  /** Show Next (the step waits for it). */
  readonly next: boolean;
  /** The lesson is over: offer it again and the way home instead. */
  readonly finished: boolean;
}

export interface CoachActions {
  next(): void;
  leave(): void;
  again(): void;
}

/** How often the coach checks where its targets are (a board pans, a card flies, a panel grows). */
const FOLLOW_MS = 200;
const RING_PADDING = 6;

export class Coach {
  readonly el: HTMLElement;
  private readonly bubble: HTMLElement;
  private readonly countLine = h('p', { class: 'coach-count', dataset: { testid: 'coach-count' } });
  private readonly textLine = h('p', { class: 'coach-text', 'aria-live': 'polite', dataset: { testid: 'coach-text' } });
  private readonly noteLine = h('p', { class: 'coach-note', role: 'alert', hidden: true, dataset: { testid: 'coach-note' } });
  private readonly buttons = h('div', { class: 'button-row coach-buttons' });
  private readonly rings = h('div', { class: 'coach-rings', 'aria-hidden': 'true' });
  private locate: () => readonly (Box | null)[] = () => [];
  private avoid: () => readonly Box[] = () => [];
  private timer: ReturnType<typeof setInterval>;
  private shownKey = '';

  constructor(private readonly actions: CoachActions) {
    this.bubble = h(
      'section',
      { class: 'coach', role: 'region', 'aria-label': t('tutorial.coach.label'), dataset: { testid: 'coach' } },
      this.countLine,
      this.textLine,
      this.noteLine,
      this.buttons,
    );
    this.el = h('div', { class: 'coach-layer' }, this.rings, this.bubble);
    this.timer = setInterval(() => this.place(), FOLLOW_MS);
    window.addEventListener('resize', this.onMove);
    window.addEventListener('scroll', this.onMove, true);
  }

  /**
   * Says a step; `locate` finds, each time the coach looks, the boxes it points at, and `avoid`
   * the game's controls it had better leave uncovered.
   */
  show(content: CoachContent, locate: () => readonly (Box | null)[], avoid: () => readonly Box[]): void {
    this.locate = locate;
    this.avoid = avoid;
    const key = JSON.stringify(content);
    if (key !== this.shownKey) {
      this.shownKey = key;
      this.countLine.textContent = content.count ?? '';
      this.countLine.hidden = content.count === null;
      this.textLine.textContent = content.text;
      this.note(null);
      fill(this.buttons, this.buttonsFor(content));
      this.el.dataset.next = String(content.next);
      this.el.dataset.finished = String(content.finished);
      // Keyboard: Next (or the lesson's end) takes the focus, so Enter goes on.
      const first = this.buttons.querySelector<HTMLButtonElement>('button.primary');
      if (first) requestAnimationFrame(() => first.focus({ preventScroll: true }));
    }
    this.place();
  }

  /** Why the last move was not taken (null clears it). */
  note(text: string | null): void {
    this.noteLine.textContent = text ?? '';
    this.noteLine.hidden = !text;
    this.place();
  }

  destroy(): void {
    clearInterval(this.timer);
    window.removeEventListener('resize', this.onMove);
    window.removeEventListener('scroll', this.onMove, true);
    this.el.remove();
  }

  private buttonsFor(content: CoachContent): HTMLElement[] {
    const leave = h('button', {
      type: 'button',
      class: 'quiet small',
      text: t('tutorial.coach.leave'),
      dataset: { testid: 'coach-leave' },
      on: { click: () => this.actions.leave() },
    });
    if (content.finished) {
      return [
        h('button', {
          type: 'button',
          class: 'primary',
          text: t('tutorial.coach.home'),
          dataset: { testid: 'coach-home' },
          on: { click: () => this.actions.leave() },
        }),
        h('button', {
          type: 'button',
          class: 'quiet',
          text: t('tutorial.coach.again'),
          dataset: { testid: 'coach-again' },
          on: { click: () => this.actions.again() },
        }),
      ];
    }
    if (!content.next) return [leave];
    return [
      h('button', {
        type: 'button',
        class: 'primary',
        text: t('tutorial.coach.next'),
        dataset: { testid: 'coach-next' },
        on: { click: () => this.actions.next() },
      }),
      leave,
    ];
  }

  private readonly onMove = () => this.place();

  /** The rings on the targets, the bubble beside the first. */
  private place(): void {
    if (!this.el.isConnected) return;
    const boxes = this.locate().filter((b): b is Box => b !== null);
    // The rings are kept and moved (a pulse restarted every look would flicker).
    while (this.rings.children.length > boxes.length) this.rings.lastElementChild!.remove();
    while (this.rings.children.length < boxes.length) this.rings.appendChild(h('div', { class: 'coach-ring', dataset: { testid: 'coach-ring' } }));
    boxes.forEach((b, i) => {
      Object.assign((this.rings.children[i] as HTMLElement).style, {
        left: `${b.left - RING_PADDING}px`,
        top: `${b.top - RING_PADDING}px`,
        width: `${b.width + 2 * RING_PADDING}px`,
        height: `${b.height + 2 * RING_PADDING}px`,
      });
    });
    const size = { width: this.bubble.offsetWidth, height: this.bubble.offsetHeight };
    const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
    const rings = boxes.map((b) => ({
      left: b.left - RING_PADDING,
      top: b.top - RING_PADDING,
      width: b.width + 2 * RING_PADDING,
      height: b.height + 2 * RING_PADDING,
    }));
    const spot = placeCoach(size, viewport, rings, this.avoid());
    this.bubble.style.left = `${spot.left}px`;
    this.bubble.style.top = `${spot.top}px`;
    this.bubble.dataset.side = spot.side;
  }
}
