import { mangoku } from '@samurai/shared';
import { fill, h } from '../../../ui/dom';
import { seatMark, SeatLook } from '../../../ui/seat-look';
import { aimableTargets, completePlay, modesOf, playSource, Selection, selectionHint } from '../model/interaction';
import { cardTitle, coinsWord, effectText, who, Wording } from '../model/words';
import { language, t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';

type Target = mangoku.Target;

export interface ActionHandlers {
  play(): void;
  cancel(): void;
  target(target: Target): void;
  ikki(on: boolean): void;
  /** Asks for a hint: the greedy bot's move, and why. */
  hint(): void;
}

/**
 * Under the table: what the chosen card will do (the engine's effect text), how it may be put
 * down (alone or as an Ikki), whom it may be aimed at (buttons, for keyboards and screen readers,
 * beside the marks on the table), and Play. When it is not your play: what the game waits for.
 */
export class ActionBar {
  readonly el: HTMLElement;
  private readonly card: HTMLElement;
  private readonly effect: HTMLElement;
  private readonly modes: HTMLElement;
  private readonly targets: HTMLElement;
  private readonly hint: HTMLElement;
  private readonly playButton: HTMLButtonElement;
  private readonly cancelButton: HTMLButtonElement;
  private readonly hintButton: HTMLButtonElement;
  private readonly hintLine: HTMLElement;
  private key = '';
  private readonly words = new LiveWords();

  constructor(private readonly handlers: ActionHandlers) {
    this.card = h('strong', { class: 'mk-chosen-card', dataset: { testid: 'chosen-card' } });
    this.effect = h('span', { class: 'mk-effect', dataset: { testid: 'effect' } });
    this.modes = this.words.bind(h('div', { class: 'mk-modes', role: 'group' }), { label: () => t('mangoku.action.howToPlay') });
    this.targets = this.words.bind(h('div', { class: 'mk-targets', role: 'group', dataset: { testid: 'targets' } }), {
      label: () => t('mangoku.action.aimAt'),
    });
    this.hint = h('p', { class: 'mk-hint', 'aria-live': 'polite', dataset: { testid: 'hint' } });
    this.playButton = this.words.bind(
      h('button', { type: 'button', class: 'primary', text: t('mangoku.action.play'), dataset: { testid: 'play' }, on: { click: () => this.handlers.play() } }),
      { title: () => t('mangoku.action.playTitle') },
    );
    this.cancelButton = this.words.bind(
      h('button', { type: 'button', class: 'quiet', dataset: { testid: 'cancel' }, on: { click: () => this.handlers.cancel() } }),
      { text: () => t('mangoku.action.putBack'), title: () => t('mangoku.action.putBackTitle') },
    );
    this.hintButton = this.words.bind(
      h('button', { type: 'button', class: 'quiet', hidden: true, dataset: { testid: 'hint-button' }, on: { click: () => this.handlers.hint() } }),
      { text: () => t('mangoku.action.hint'), title: () => t('mangoku.action.hintTitle') },
    );
    this.hintLine = h('p', { class: 'hint-line', hidden: true, 'aria-live': 'polite', dataset: { testid: 'hint-text' } });
    this.el = h(
      'section',
      { class: 'mk-actionbar', dataset: { testid: 'action-bar' } },
      h('div', { class: 'mk-chosen' }, this.card, this.effect),
      this.modes,
      this.targets,
      this.hint,
      this.hintLine,
      h('div', { class: 'mk-action-buttons' }, this.hintButton, this.cancelButton, this.playButton),
    );
    this.words.bind(this.el, { label: () => t('mangoku.action.yourPlay') });
  }

  /** Its words again in the language chosen now (the next update draws the rest). */
  relabel(): void {
    this.words.refresh();
    this.key = '';
  }

  update(view: mangoku.GameView | null, w: Wording, looks: readonly SeatLook[], selection: Selection, pending: boolean, status: string): void {
    const seat = w.viewer;
    const source = view ? playSource(view, seat) : null;
    const key = JSON.stringify([language(), source, selection, pending, status, view?.step, view?.inCampaign, view?.coins, view?.hands[seat]]);
    if (key === this.key) return;
    this.key = key;
    const card = selection.card;
    this.el.classList.toggle('yours', source !== null);
    if (!view || source === null || !card) {
      this.card.textContent = '';
      this.effect.textContent = '';
      fill(this.modes);
      fill(this.targets);
      this.hint.textContent = view && source !== null ? selectionHint(view, seat, selection) : status;
      this.playButton.hidden = true;
      this.cancelButton.hidden = true;
      return;
    }
    const info = mangoku.CARDS[card];
    this.card.textContent = selection.ikki ? t('mangoku.action.ikkiTwo') : cardTitle(card);
    this.effect.textContent = `${effectText(card, selection.ikki)}${!selection.ikki ? ` BTL ${info.btl} · HNR ${info.hnr}.` : ''}`;
    const modes = modesOf(view, seat, card);
    fill(
      this.modes,
      modes.length > 1
        ? [
            this.toggle(t('mangoku.action.onePeasant'), !selection.ikki, () => this.handlers.ikki(false), 'mode-alone'),
            this.toggle(t('mangoku.action.bothPeasants'), selection.ikki, () => this.handlers.ikki(true), 'mode-ikki'),
          ]
        : [],
    );
    const aimable = aimableTargets(view, seat, selection);
    fill(
      this.targets,
      aimable.map((target) => {
        const picked = selection.targets.includes(target);
        return h(
          'button',
          {
            type: 'button',
            class: `mk-target${picked ? ' picked' : ''}`,
            'aria-pressed': String(picked),
            disabled: pending,
            dataset: { testid: 'target', target: String(target) },
            on: { click: () => this.handlers.target(target) },
          },
          target === 'centre' ? h('span', { class: 'mk-coin-dot', 'aria-hidden': 'true' }) : looks[target] ? seatMark(looks[target], 18) : null,
          target === 'centre' ? t('mangoku.action.centre', { count: view.centre }) : `${who(w, target, true)} · ${coinsWord(view.coins[target])}`,
        );
      }),
    );
    const complete = completePlay(view, seat, selection) !== null;
    this.hint.textContent = pending ? t('mangoku.action.playing') : selectionHint(view, seat, selection);
    this.playButton.hidden = false;
    this.playButton.disabled = pending || !complete;
    this.playButton.textContent = complete
      ? t('mangoku.action.playThe', { card: selection.ikki ? t('mangoku.ikki') : cardTitle(card) })
      : t('mangoku.action.play');
    this.cancelButton.hidden = playSource(view, seat) === 'taken';
    this.cancelButton.disabled = pending;
  }

  /** The Hint button (when a hint is offered) and the sentence of the hint on show (null: none). */
  showHint(offered: boolean, sentence: string | null): void {
    this.hintButton.hidden = !offered;
    this.hintLine.hidden = sentence === null;
    this.hintLine.textContent = sentence ?? '';
  }

  private toggle(text: string, on: boolean, click: () => void, testid: string): HTMLButtonElement {
    return h('button', { type: 'button', class: `small${on ? ' picked' : ''}`, 'aria-pressed': String(on), text, dataset: { testid }, on: { click } });
  }
}
