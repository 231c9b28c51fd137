import { mangoku } from '@samurai/shared';
import { fill, h } from '../../../ui/dom';
import { seatMark, SeatLook } from '../../../ui/seat-look';
import { aimableTargets, completePlay, modesOf, playSource, Selection, selectionHint } from '../model/interaction';
import { effectText, who, Wording } from '../model/words';

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

  constructor(private readonly handlers: ActionHandlers) {
    this.card = h('strong', { class: 'mk-chosen-card', dataset: { testid: 'chosen-card' } });
    this.effect = h('span', { class: 'mk-effect', dataset: { testid: 'effect' } });
    this.modes = h('div', { class: 'mk-modes', role: 'group', 'aria-label': 'How to play it' });
    this.targets = h('div', { class: 'mk-targets', role: 'group', 'aria-label': 'Aim it at', dataset: { testid: 'targets' } });
    this.hint = h('p', { class: 'mk-hint', 'aria-live': 'polite', dataset: { testid: 'hint' } });
    this.playButton = h('button', { type: 'button', class: 'primary', text: 'Play', title: 'Put the card down (Enter)', dataset: { testid: 'play' }, on: { click: () => this.handlers.play() } });
    this.cancelButton = h('button', { type: 'button', class: 'quiet', text: 'Put back', title: 'Choose another card (Escape)', dataset: { testid: 'cancel' }, on: { click: () => this.handlers.cancel() } });
    this.hintButton = h('button', { type: 'button', class: 'quiet', text: 'Hint', title: 'What the greedy bot would do here, and why (H)', hidden: true, dataset: { testid: 'hint-button' }, on: { click: () => this.handlers.hint() } });
    this.hintLine = h('p', { class: 'hint-line', hidden: true, 'aria-live': 'polite', dataset: { testid: 'hint-text' } });
    this.el = h(
      'section',
      { class: 'mk-actionbar', 'aria-label': 'Your play', dataset: { testid: 'action-bar' } },
      h('div', { class: 'mk-chosen' }, this.card, this.effect),
      this.modes,
      this.targets,
      this.hint,
      this.hintLine,
      h('div', { class: 'mk-action-buttons' }, this.hintButton, this.cancelButton, this.playButton),
    );
  }

  update(view: mangoku.GameView | null, w: Wording, looks: readonly SeatLook[], selection: Selection, pending: boolean, status: string): void {
    const seat = w.viewer;
    const source = view ? playSource(view, seat) : null;
    const key = JSON.stringify([source, selection, pending, status, view?.step, view?.inCampaign, view?.coins, view?.hands[seat]]);
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
    this.card.textContent = selection.ikki ? 'Ikki (two Peasants)' : info.title;
    this.effect.textContent = `${effectText(card, selection.ikki)}${!selection.ikki ? ` BTL ${info.btl} · HNR ${info.hnr}.` : ''}`;
    const modes = modesOf(view, seat, card);
    fill(
      this.modes,
      modes.length > 1
        ? [
            this.toggle('One Peasant', !selection.ikki, () => this.handlers.ikki(false), 'mode-alone'),
            this.toggle('Ikki: both Peasants', selection.ikki, () => this.handlers.ikki(true), 'mode-ikki'),
          ]
        : [],
    );
    const aimable = aimableTargets(view, seat, selection);
    fill(
      this.targets,
      aimable.map((t) => {
        const picked = selection.targets.includes(t);
        return h(
          'button',
          {
            type: 'button',
            class: `mk-target${picked ? ' picked' : ''}`,
            'aria-pressed': String(picked),
            disabled: pending,
            dataset: { testid: 'target', target: String(t) },
            on: { click: () => this.handlers.target(t) },
          },
          t === 'centre' ? h('span', { class: 'mk-coin-dot', 'aria-hidden': 'true' }) : looks[t] ? seatMark(looks[t], 18) : null,
          t === 'centre' ? `Centre pile (${view.centre})` : `${who(w, t, true)} · ${view.coins[t]} coins`,
        );
      }),
    );
    const complete = completePlay(view, seat, selection) !== null;
    this.hint.textContent = pending ? 'Playing…' : selectionHint(view, seat, selection);
    this.playButton.hidden = false;
    this.playButton.disabled = pending || !complete;
    this.playButton.textContent = complete ? `Play ${selection.ikki ? 'the Ikki' : `the ${info.title}`}` : 'Play';
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
