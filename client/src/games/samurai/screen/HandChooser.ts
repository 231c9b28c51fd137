import { HAND_SIZE, TILE_NAMES, TILE_SET, TileName } from '@samurai/shared';
import type { SeatLook } from '../../../ui/seat-look';
import { tileButtonName, tileHelp, tileLabel } from '../model/words';
import { t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import { h } from '../../../ui/dom';
import { tileFace } from '../ui/faces';

/** The secret choice of 5 starting tiles out of your 20. */
export class HandChooser {
  readonly el: HTMLElement;
  private readonly chosen = new Set<number>();
  private readonly buttons: HTMLButtonElement[] = [];
  private readonly confirm: HTMLButtonElement;
  private readonly counter: HTMLElement;
  private readonly hintButton: HTMLButtonElement;
  private readonly hintLine: HTMLElement;
  private onHint: (() => void) | null = null;
  private hintSentence: (() => string) | null = null;
  private readonly words = new LiveWords();

  /**
   * `picked`: tiles already picked (by their place in TILE_SET, as SeatStore.draftHand checked them);
   * `onPick` hears every change, so that nothing picked is lost to a reload.
   */
  constructor(
    look: SeatLook,
    picked: readonly number[],
    private readonly onPick: (picked: number[]) => void,
    private readonly submit: (tiles: TileName[]) => void,
  ) {
    for (const i of picked) this.chosen.add(i);
    this.counter = h('span', { class: 'counter', dataset: { testid: 'chosen-count' } });
    this.confirm = this.words.bind(
      h('button', {
        type: 'button',
        class: 'primary',
        dataset: { testid: 'confirm-hand' },
        on: { click: () => this.done() },
      }),
      { text: () => t('samurai.chooser.keep') },
    );
    this.hintButton = this.words.bind(
      h('button', { type: 'button', class: 'quiet', hidden: true, dataset: { testid: 'hint-button' }, on: { click: () => this.onHint?.() } }),
      { text: () => t('samurai.game.hint'), title: () => t('samurai.chooser.hintTitle') },
    );
    this.hintLine = h('p', { class: 'hint-line', hidden: true, 'aria-live': 'polite', dataset: { testid: 'hint-text' } });
    const grid = this.words.bind(h('div', { class: 'chooser-grid', role: 'group' }), { label: () => t('samurai.chooser.tiles') });
    TILE_SET.forEach((tileId, i) => {
      const b = this.words.bind(
        h(
          'button',
          {
            type: 'button',
            class: 'hand-tile',
            'aria-pressed': 'false',
            dataset: { testid: 'choose-tile', tile: TILE_NAMES[tileId] },
            on: { click: () => this.toggle(i) },
          },
          tileFace(tileId, look),
        ),
        { title: () => `${tileLabel(tileId)}: ${tileHelp(tileId)}`, label: () => `${tileButtonName(tileId)}. ${tileHelp(tileId)}` },
      );
      this.buttons.push(b);
      grid.appendChild(b);
    });
    this.el = h(
      'section',
      { class: 'chooser panel', dataset: { testid: 'hand-chooser' }, 'aria-labelledby': 'chooser-title' },
      this.words.bind(h('h2', { id: 'chooser-title' }), { text: () => t('samurai.chooser.title') }),
      this.words.bind(h('p', { class: 'muted' }), { text: () => t('samurai.chooser.text') }),
      grid,
      this.hintLine,
      h(
        'div',
        { class: 'button-row' },
        this.counter,
        this.hintButton,
        this.words.bind(h('button', { type: 'button', class: 'quiet', dataset: { testid: 'pick-for-me' }, on: { click: () => this.pickRandom() } }), {
          text: () => t('samurai.chooser.pickForMe'),
        }),
        this.confirm,
      ),
    );
    this.refresh();
  }

  /** Offers a Hint (its asker), or not (null). */
  setHint(ask: (() => void) | null): void {
    this.onHint = ask;
    this.hintButton.hidden = !ask;
  }

  /** Its words again, in the language chosen now (what is picked stays). */
  relabel(): void {
    this.words.refresh();
    if (this.hintSentence) this.hintLine.textContent = this.hintSentence();
    this.refresh();
  }

  /** A hint: its tiles picked (the place of each in TILE_SET), and why. */
  showHint(tiles: readonly TileName[], sentence: () => string): void {
    this.hintSentence = sentence;
    this.chosen.clear();
    for (const tile of tiles) {
      const i = TILE_SET.findIndex((id, at) => TILE_NAMES[id] === tile && !this.chosen.has(at));
      if (i >= 0) this.chosen.add(i);
    }
    this.hintLine.textContent = sentence();
    this.hintLine.hidden = false;
    this.refresh();
    this.onPick([...this.chosen]);
  }

  private toggle(i: number): void {
    if (this.chosen.has(i)) this.chosen.delete(i);
    else if (this.chosen.size < HAND_SIZE) this.chosen.add(i);
    this.refresh();
    this.onPick([...this.chosen]);
  }

  private pickRandom(): void {
    this.chosen.clear();
    const order = TILE_SET.map((_, i) => i).sort(() => Math.random() - 0.5);
    for (const i of order.slice(0, HAND_SIZE)) this.chosen.add(i);
    this.refresh();
    this.onPick([...this.chosen]);
  }

  private refresh(): void {
    this.buttons.forEach((b, i) => {
      const on = this.chosen.has(i);
      b.setAttribute('aria-pressed', String(on));
      b.classList.toggle('selected', on);
      b.disabled = !on && this.chosen.size >= HAND_SIZE;
    });
    this.counter.textContent = t('samurai.chooser.chosen', { chosen: this.chosen.size, size: HAND_SIZE });
    this.confirm.disabled = this.chosen.size !== HAND_SIZE;
  }

  private done(): void {
    if (this.chosen.size !== HAND_SIZE) return;
    this.confirm.disabled = true;
    this.submit([...this.chosen].sort((a, b) => a - b).map((i) => TILE_NAMES[TILE_SET[i]]));
  }
}
