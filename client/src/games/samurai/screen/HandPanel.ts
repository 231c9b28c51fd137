import { GameView, TILE_NAMES, TileName } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import { StandInNote } from '../../../table/stand-in-note';
import { fill, h, setHidden, setText } from '../../../ui/dom';
import type { SeatLook } from '../../../ui/seat-look';
import { prompt, selectedTile, Selection, tileBlocked } from '../model/interaction';
import type { TurnStatus } from '../model/turn-status';
import { tileButtonName, tileHelp, tileLabel } from '../model/words';
import { tileFace } from '../ui/faces';

export interface HandHandlers {
  /** A tile tapped: `blocked` says why it may not be played now (null: it may); `viaKeyboard` when pressed by a key. */
  tile(tile: TileName, blocked: string | null, viaKeyboard: boolean): void;
  undo(): void;
  endTurn(): void;
  hint(): void;
  /** "I'm back": the room's bot stops playing your seat. */
  resume(): void;
}

/** What the hand shows: the seat's tiles and the choice being made with them. */
export interface HandShown {
  readonly view: GameView;
  readonly seat: number;
  readonly look: SeatLook;
  readonly selection: Selection;
  readonly pending: boolean;
  readonly status: TurnStatus;
  /** A bot plays your seat for you now. */
  readonly standIn: boolean;
  /** Why the tile just tapped may not be played, said once in the prompt's place ('' for none). */
  readonly blockedNote: string;
}

/**
 * Your hand behind its screen: the tiles (buttons to choose one, or pictures in a replay), the
 * prompt of what to do next, the hint's button and sentence, Take back and End turn.
 */
export class HandPanel {
  readonly el: HTMLElement;
  private readonly tiles: HTMLElement;
  private readonly promptLine: HTMLElement;
  private readonly undoButton: HTMLButtonElement;
  private readonly endButton: HTMLButtonElement;
  private readonly hintButton: HTMLButtonElement;
  private readonly hintLine: HTMLElement;
  private readonly standInNote: StandInNote;
  private readonly words = new LiveWords();

  constructor(
    private readonly handlers: HandHandlers,
    /** A replay: the tiles as the seat held them, nothing to choose. */
    private readonly watchOnly: boolean,
  ) {
    this.standInNote = new StandInNote(() => handlers.resume());
    this.tiles = this.words.bind(h('div', { class: 'hand-tiles', role: watchOnly ? 'group' : 'toolbar' }), { label: () => t('samurai.game.yourHand') });
    this.promptLine = h('p', { class: 'prompt', 'aria-live': 'polite', dataset: { testid: 'prompt' } });
    this.undoButton = this.words.bind(h('button', { type: 'button', dataset: { testid: 'undo' }, on: { click: () => handlers.undo() } }), {
      text: () => t('samurai.game.takeBack'),
      title: () => t('samurai.game.takeBackTitle'),
    });
    this.endButton = this.words.bind(
      h('button', { type: 'button', class: 'primary', dataset: { testid: 'end-turn' }, on: { click: () => handlers.endTurn() } }),
      { text: () => t('samurai.game.endTurn'), title: () => t('samurai.game.endTurnTitle') },
    );
    this.hintButton = this.words.bind(
      h('button', { type: 'button', class: 'quiet', hidden: true, dataset: { testid: 'hint-button' }, on: { click: () => handlers.hint() } }),
      { text: () => t('samurai.game.hint'), title: () => t('samurai.game.hintTitle') },
    );
    this.hintLine = h('p', { class: 'hint-line', hidden: true, 'aria-live': 'polite', dataset: { testid: 'hint-text' } });
    this.el = h(
      'section',
      { class: 'panel hand-panel', dataset: { testid: 'hand' } },
      this.words.bind(h('h2', { class: 'panel-title' }), { text: () => t('samurai.game.yourHand') }),
      this.standInNote.el,
      this.tiles,
      this.promptLine,
      this.hintLine,
      h('div', { class: 'button-row actions' }, this.hintButton, this.undoButton, this.endButton),
    );
    this.words.bind(this.el, { label: () => t('samurai.game.yourHand') });
  }

  /** The language changed: the words set once, again. */
  relabel(): void {
    this.words.refresh();
  }

  show(shown: HandShown): void {
    const { view, selection, pending, status } = shown;
    const hand = view.hands[shown.seat] ?? [];
    if (view.phase === 'hands' || hand.length === 0) {
      fill(this.tiles, h('p', { class: 'muted small', text: view.phase === 'hands' ? t('samurai.game.handLater') : t('samurai.game.noTiles') }));
    } else {
      // Keep keyboard focus on the same tile across re-renders.
      const focused =
        document.activeElement instanceof HTMLElement && this.tiles.contains(document.activeElement) ? document.activeElement.dataset.index : undefined;
      fill(this.tiles, this.tileButtons(hand, shown));
      if (focused !== undefined) this.tiles.querySelector<HTMLElement>(`[data-index="${focused}"]`)?.focus();
    }
    setHidden(this.el, view.phase === 'over');
    this.standInNote.show(!this.watchOnly && shown.standIn);
    const showActions = view.phase === 'play' && !this.watchOnly;
    setHidden(this.undoButton, !showActions);
    setHidden(this.endButton, !showActions);
    this.undoButton.disabled = pending || !status.canUndo;
    this.endButton.disabled = pending || !status.canEndTurn;
    this.promptLine.textContent =
      shown.blockedNote ||
      (status.yourTurn
        ? prompt(selection) || (view.phase === 'play' ? (status.mustPass ? t('samurai.prompt.passing') : t('samurai.prompt.chooseTile')) : '')
        : '');
  }

  private tileButtons(hand: readonly number[], shown: HandShown): HTMLElement[] {
    const { view, seat, look, pending } = shown;
    const chosen = selectedTile(shown.selection);
    let chosenMarked = false;
    return hand.map((tileId, i) => {
      const name = TILE_NAMES[tileId];
      // Watched: the tile as the seat held it, nothing to choose.
      if (this.watchOnly)
        return h(
          'span',
          {
            class: 'hand-tile',
            role: 'img',
            'aria-label': tileButtonName(tileId),
            title: `${tileLabel(tileId)}: ${tileHelp(tileId)}`,
            dataset: { testid: 'hand-tile', tile: name, index: i },
          },
          tileFace(tileId, look),
        );
      const blocked = pending ? t('samurai.blocked.pending') : tileBlocked(view, seat, name);
      // Identical tiles: only the first of them shows as chosen.
      const isChosen = !chosenMarked && chosen === name;
      if (isChosen) chosenMarked = true;
      return h(
        'button',
        {
          type: 'button',
          class: `hand-tile${isChosen ? ' selected' : ''}${blocked ? ' blocked' : ''}`,
          'aria-pressed': String(isChosen),
          'aria-disabled': blocked ? 'true' : 'false',
          'aria-label': `${tileButtonName(tileId)}. ${tileHelp(tileId)}${blocked ? ` ${t('samurai.blocked.notNow', { why: blocked })}` : ''}`,
          title: `${tileLabel(tileId)}: ${tileHelp(tileId)}${blocked ? `\n${blocked}` : ''}`,
          dataset: { testid: 'hand-tile', tile: name, index: i, playable: String(!blocked) },
          on: { click: (e: MouseEvent) => this.handlers.tile(name, blocked, e.detail === 0) },
        },
        tileFace(tileId, look),
      );
    });
  }

  /** The hint's button (offered or not) and its sentence (null: none shown); `endsTurn` marks End turn as the hint. */
  showHint(offered: boolean, sentence: string | null, endsTurn: boolean): void {
    setHidden(this.hintButton, !offered);
    setHidden(this.hintLine, sentence === null);
    setText(this.hintLine, sentence ?? '');
    this.endButton.classList.toggle('hinted', endsTurn);
  }

  /** The prompt's line, for a target the keyboard's focus reached. */
  setPrompt(text: string): void {
    this.promptLine.textContent = text;
  }

  /** Where a keyboard player goes once their move was answered: the next playable tile, or End turn (null: neither). */
  nextFocus(): HTMLElement | null {
    return this.tiles.querySelector<HTMLElement>('[data-playable=true]') ?? (this.endButton.disabled ? null : this.endButton);
  }

  /** Escape took the choice back: the keyboard returns to the hand. */
  focusFirstTile(): void {
    this.tiles.querySelector<HTMLElement>('button')?.focus();
  }
}
