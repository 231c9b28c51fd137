import {
  ClientMessages,
  ClientMessageType,
  GameView,
  hexIndex,
  hintFor,
  HEXES,
  LogEntry,
  Move,
  moveToIntent,
  PIECES,
  RecordSeat,
  TILE_NAMES,
  TileName,
} from '@samurai/shared';
import { BoardPreview, BoardView, Flight } from '../board/BoardView';
import { Direction, Point } from '../board/hex-layout';
import { back, matchTap, NO_SELECTION, prompt, selectedTile, Selection, Target, targets as targetsOf, tileBlocked } from '../model/interaction';
import { PlayPreview } from '../model/preview';
import {
  boardMarks,
  boardPreviewOf,
  chosen,
  focusMoved,
  hintsOffered,
  INITIAL_STATE,
  inspected,
  makesPlay,
  pointTo,
  positionKey,
  PreviewInput,
  previewed,
  ScreenState,
  settle,
  tapped,
  targetText,
  tileChosen,
  withHint,
} from '../model/screen-state';
import { TurnStatus, turnStatus } from '../model/turn-status';
import { justDrawn, ViewModel } from '../model/view-model';
import { casteName, tileButtonName, tileHelp, tileLabel } from '../model/words';
import { language, listOf, onLanguageChange, t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import { fill, fillChanged, h, setData, setHidden, setText } from '../../../ui/dom';
import { gameHeader } from '../../../table/game-header';
import { recordSeatsOf } from '../../../replay/record-link';
import { StandInNote } from '../../../table/stand-in-note';
import type { SeatClockFaces } from '../../../table/game-client';
import { pieceFace, tileFace } from '../ui/faces';
import { openHelp } from '../ui/help';
import { hintSentence } from '../ui/hint-sentence';
import { HandChooser } from './HandChooser';
import { Inspector } from './Inspector';
import { LogPanel } from './LogPanel';
import { PreviewCard } from './PreviewCard';
import { placePreviewCard } from './preview-placement';
import { ScoringOverlay } from './ScoringOverlay';
import { SeatsPanel } from './SeatsPanel';

export interface GameActions {
  send<K extends ClientMessageType>(type: K, payload?: ClientMessages[K]): void;
  leave(): void;
  notify(text: string, kind?: 'info' | 'error'): void;
  recordUrl(): string;
  /** Who sat where, for the downloaded record (null: unknown); the seats shown when not given. */
  recordSeats?(): readonly RecordSeat[] | null;
  /** The page that replays the room's game `game` once it has ended ("Watch again"); none in a replay. */
  replayUrl?(game: number): string;
  /** The table's controls (watchers, turn alerts) for the header bar. */
  readonly tableBar: HTMLElement;
  /** The seats' clocks for their panels and the banner; none without a table's clock (a replay, a lesson). */
  readonly clocks?: SeatClockFaces;
  /** The starting tiles picked but not yet confirmed in this game, and remembering them. */
  draftHand(game: number): number[];
  saveDraftHand(game: number, picked: readonly number[]): void;
  /** Offer a Hint in games with a bot seat (live play; a replay has none). */
  readonly hints?: boolean;
  /** A replay: what the seat saw (its hand), with none of its controls, and the turn told as a spectator hears it. */
  readonly watchOnly?: boolean;
}

/** A hint on show: the greedy bot's move, its sentence, and the position it was asked in. */
interface ShownHint {
  readonly move: Move;
  /** Its sentence, in the language shown now. */
  readonly sentence: () => string;
  readonly at: string;
}

const ARROWS: Readonly<Record<string, Direction>> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/** The game: board, your hand behind its screen, the turn, players, inspector, log and the end. */
export class GameScreen {
  readonly el: HTMLElement;
  private board: BoardView | null = null;
  private readonly boardHost: HTMLElement;
  private readonly banner: HTMLElement;
  private readonly promptLine: HTMLElement;
  private readonly handPanel: HTMLElement;
  private readonly handTiles: HTMLElement;
  private readonly undoButton: HTMLButtonElement;
  private readonly endButton: HTMLButtonElement;
  private readonly hintButton: HTMLButtonElement;
  private readonly hintLine: HTMLElement;
  private readonly standInNote = new StandInNote(() => this.actions.send('resume'));
  private hint: ShownHint | null = null;
  private readonly supplyPanel: HTMLElement;
  private readonly chooserHost: HTMLElement;
  private readonly targetList: HTMLElement;
  private readonly seatsPanel = new SeatsPanel(
    (seat) => this.actions.send('standIn', { seat }),
    () => this.actions.send('resume'),
    (seat) => this.actions.clocks?.seat(seat) ?? null,
  );
  private readonly inspector = new Inspector();
  /** On a phone the side panels are out of sight below the board: a tapped settlement shows here. */
  private readonly floatInspector = new Inspector('float-inspector-body');
  private readonly floatCard: HTMLElement;
  private readonly logPanel = new LogPanel((hexes, tapped) => {
    this.point(hexes);
    // A line tapped on a phone, whose board is above the log: bring the board into view to show it.
    if (tapped && hexes.length) this.revealBoard();
  });
  /** What is chosen, targeted, focused, inspected and previewed: replaced by the pure functions of screen-state.ts. */
  private state: ScreenState = INITIAL_STATE;
  /** The previewed play, and what the board draws of it (kept while the play is the same). */
  private preview: PlayPreview | null = null;
  private boardPreview: BoardPreview | null = null;
  private readonly previewCard = new PreviewCard(
    () => this.state.previewTarget && this.chooseTarget(this.state.previewTarget),
    () => this.showPreview(null),
  );
  private scoring: ScoringOverlay | null = null;
  private scoringGame = -1;
  /** What the banner and the supply panel show now: drawn again only when it changes. */
  private bannerKey = '';
  /** The banner's parts, kept across updates, and the colour its dot shows. */
  private readonly bannerParts = { dot: h('span', { class: 'banner-dot' }), headline: h('strong'), detail: h('span', { class: 'banner-detail' }), colour: '' };
  private supplyKey = '';
  private chooser: HandChooser | null = null;
  private vm: ViewModel;
  private status: TurnStatus;
  /** The choice a move was sent from, until the move is answered: a refused move gives it back. */
  private unanswered: Selection | null = null;
  /** A keyboard player just placed something: once the server answers, focus goes back to the hand. */
  private refocusHand = false;
  private blockedNote = '';
  private flightsRunning = 0;
  /** Counts the updates shown without animation: flights asked for before one of them are dropped. */
  private shownAtOnce = 0;
  private destroyed = false;
  /** Built for a spectator (no hand panel): the app rebuilds the screen if that changes. */
  readonly spectator: boolean;
  /** The words set once on the screen's elements, redrawn when the language changes. */
  private readonly words = new LiveWords();
  private readonly stopLanguage: () => void;

  constructor(
    private readonly actions: GameActions,
    vm: ViewModel,
  ) {
    this.vm = vm;
    this.spectator = vm.isSpectator;
    this.status = turnStatus(vm.view, vm.seats, this.actor);
    this.boardHost = h('div', {
      class: 'board-host',
      tabindex: 0,
      role: 'application',
      dataset: { testid: 'board' },
    });
    this.words.bind(this.boardHost, { label: () => t('samurai.game.board') });
    this.banner = h('div', { class: 'turn-banner', role: 'status', 'aria-live': 'polite', dataset: { testid: 'turn-banner' } });
    this.promptLine = h('p', { class: 'prompt', 'aria-live': 'polite', dataset: { testid: 'prompt' } });
    this.handTiles = this.words.bind(h('div', { class: 'hand-tiles', role: actions.watchOnly ? 'group' : 'toolbar' }), {
      label: () => t('samurai.game.yourHand'),
    });
    this.undoButton = this.words.bind(h('button', { type: 'button', dataset: { testid: 'undo' }, on: { click: () => this.sendSimple('undo') } }), {
      text: () => t('samurai.game.takeBack'),
      title: () => t('samurai.game.takeBackTitle'),
    });
    this.endButton = this.words.bind(
      h('button', { type: 'button', class: 'primary', dataset: { testid: 'end-turn' }, on: { click: () => this.sendSimple('endTurn') } }),
      { text: () => t('samurai.game.endTurn'), title: () => t('samurai.game.endTurnTitle') },
    );
    this.hintButton = this.words.bind(
      h('button', { type: 'button', class: 'quiet', hidden: true, dataset: { testid: 'hint-button' }, on: { click: () => this.showHint() } }),
      { text: () => t('samurai.game.hint'), title: () => t('samurai.game.hintTitle') },
    );
    this.hintLine = h('p', { class: 'hint-line', hidden: true, 'aria-live': 'polite', dataset: { testid: 'hint-text' } });
    this.handPanel = h(
      'section',
      { class: 'panel hand-panel', dataset: { testid: 'hand' } },
      this.words.bind(h('h2', { class: 'panel-title' }), { text: () => t('samurai.game.yourHand') }),
      this.standInNote.el,
      this.handTiles,
      this.promptLine,
      this.hintLine,
      h('div', { class: 'button-row actions' }, this.hintButton, this.undoButton, this.endButton),
    );
    this.words.bind(this.handPanel, { label: () => t('samurai.game.yourHand') });
    this.supplyPanel = this.words.bind(h('section', { class: 'panel supply-panel', dataset: { testid: 'supply' } }), {
      label: () => t('samurai.game.piecesToPlace'),
    });
    this.chooserHost = h('div', { class: 'chooser-host' });
    this.targetList = this.words.bind(h('ul', { class: 'sr-only target-list', dataset: { testid: 'targets' } }), { label: () => t('samurai.game.targets') });
    this.floatCard = h(
      'div',
      { class: 'float-inspector', hidden: true, dataset: { testid: 'float-inspector' } },
      this.words.bind(h('button', { type: 'button', class: 'quiet small close', text: '×', on: { click: () => this.unpin() } }), {
        label: () => t('ui.close'),
      }),
      this.floatInspector.el,
    );
    this.el = h(
      'div',
      { class: `game${vm.isSpectator ? ' spectating' : ''}`, dataset: { testid: 'game' } },
      gameHeader({
        brand: 'Samurai',
        code: vm.code,
        words: this.words,
        roomWord: () => t('samurai.game.room'),
        roomTitle: () => t('samurai.game.roomCode'),
        banner: this.banner,
        tableBar: actions.tableBar,
        rules: { label: () => t('samurai.game.rules'), open: () => openHelp() },
        leave: { label: () => t('samurai.game.leave'), go: () => this.confirmLeave() },
      }),
      vm.isSpectator ? this.spectatorBanner() : null,
      h(
        'main',
        { class: 'board-area' },
        this.boardHost,
        this.floatCard,
        this.previewCard.el,
        this.words.bind(h('button', { type: 'button', class: 'zoom-reset quiet small', on: { click: () => this.board?.resetZoom() } }), {
          text: () => t('samurai.game.fitBoard'),
          title: () => t('samurai.game.fitBoardTitle'),
        }),
      ),
      h('aside', { class: 'side' }, vm.isSpectator ? null : this.handPanel, this.supplyPanel, this.seatsPanel.el, this.inspector.el, this.logPanel.el),
      this.chooserHost,
      this.targetList,
    );
    this.listenKeys();
    this.stopLanguage = onLanguageChange(() => this.relanguage());
    this.openBoard();
    this.render(null);
  }

  /** The board's canvas, made asynchronously: the screen draws on it once it is there. */
  private openBoard(): void {
    void BoardView.create(this.boardHost, {
      tap: (hex, caste, pointer) => this.onTap(hex, caste, pointer),
      hover: (hex, caste) => this.onHover(hex, caste),
    }).then((board) => {
      if (this.destroyed) {
        board.destroy();
        return;
      }
      this.board = board;
      this.el.dataset.boardReady = 'true';
      this.render(null);
    });
  }

  /** Watching: a note that says so, over the board. */
  private spectatorBanner(): HTMLElement {
    return h(
      'div',
      { class: 'spectator-banner', role: 'note', dataset: { testid: 'spectator-banner' } },
      this.words.bind(h('strong'), { text: () => t('samurai.game.watchingTitle') }),
      this.words.bind(h('span'), { text: () => t('samurai.game.watchingText') }),
    );
  }

  destroy(): void {
    this.destroyed = true;
    this.stopLanguage();
    document.removeEventListener('keydown', this.onShortcut);
    this.board?.destroy();
    this.scoring?.destroy();
    this.logPanel.destroy();
    this.el.remove();
  }

  /** `animate` false shows the model at once, nothing flying (a replay or a look-back stepping back or jumping). */
  update(vm: ViewModel, animate = true): void {
    if (this.destroyed) return;
    const previous = this.vm;
    this.vm = vm;
    this.state = { ...this.state, pending: false };
    this.unanswered = null;
    if (previous.game !== vm.game) this.logPanel.reset();
    if (!animate) {
      // Flights of the position left behind land at once, and those not yet started never start.
      this.shownAtOnce++;
      this.board?.land();
    }
    this.render(previous.game === vm.game && animate ? previous : null);
    if (animate) this.noteDrawn(justDrawn(previous, vm));
  }

  /** The language changed: every word on the screen again, nothing else changed (choice, hint, log and scoring kept). */
  private relanguage(): void {
    this.words.refresh();
    this.chooser?.relabel();
    this.logPanel.relabel();
    this.scoring?.relabel();
    this.render(null);
  }

  /** A server refusal: the choice is kept so the player can try again. */
  refused(): void {
    // The tile stays chosen: tapping the right place plays it.
    this.state = { ...this.state, pending: false, selection: this.unanswered ?? this.state.selection };
    this.unanswered = null;
    this.render(null);
  }

  /** Tiles you drew (private). */
  private noteDrawn(tiles: readonly TileName[]): void {
    if (tiles.length) this.logPanel.note(() => t('samurai.log.drew', { tiles: listOf(tiles.map((tile) => tileLabel(tile))) }));
  }

  private confirmLeave(): void {
    const playing = !this.vm.isSpectator && this.vm.view?.phase !== 'over';
    if (playing && !window.confirm(t('table.leaveQuestion'))) return;
    this.actions.leave();
  }

  /** Test and tooling hook: where a hex is on the page. */
  hexToClient(name: string): Point | null {
    const index = hexIndex(name);
    return this.board && index >= 0 ? this.board.hexToClient(index) : null;
  }

  /** Test and tooling hook: where a piece is on the page. */
  pieceToClient(name: string, caste: number): Point | null {
    const index = hexIndex(name);
    return this.board && index >= 0 && HEXES[index].settlement >= 0 ? this.board.pieceToClient(HEXES[index].settlement, caste) : null;
  }

  get boardView(): BoardView | null {
    return this.board;
  }

  /** The seat this screen makes moves for: yours, or none in a replay (-1). */
  private get actor(): number {
    return this.actions.watchOnly ? -1 : this.vm.yourSeat;
  }

  // ---- rendering ----------------------------------------------------------------------------

  private render(previous: ViewModel | null): void {
    const vm = this.vm;
    const view = vm.view;
    if (!view) return;
    const seat = this.actor;
    this.status = turnStatus(view, vm.seats, seat);
    this.state = settle(this.state, view, seat);
    this.updatePreview();

    this.renderBanner();
    this.seatsPanel.update(view, vm.seats, this.status.actingSeat, vm.isHost, !this.actions.watchOnly);
    this.logPanel.update(vm.log, vm.seats);
    this.renderHand(view, vm.yourSeat);
    this.renderSupply(view, seat);
    if (this.refocusHand && !this.state.pending) {
      this.refocusHand = false;
      const next = this.handTiles.querySelector<HTMLElement>('[data-playable=true]') ?? (this.endButton.disabled ? null : this.endButton);
      if (next && this.status.yourTurn) next.focus();
      else if (view.phase === 'pieces') this.boardHost.focus();
    }
    this.renderChooser(view, seat);
    this.renderHint(view);
    this.renderTargets();
    this.renderScoring(view);
    this.showInspectors(view);
    setData(this.el, 'phase', view.phase);
    setData(this.el, 'yourTurn', String(this.status.yourTurn));
    setData(this.el, 'pending', String(this.state.pending));
    if (this.board) {
      this.board.show(
        view,
        vm.seats.map((s) => s.look),
        boardMarks(this.state, view, this.boardPreview),
      );
      if (previous?.view) this.animateCaptures(previous, vm);
    }
  }

  private renderBanner(): void {
    const s = this.status;
    const acting = this.vm.seats[s.actingSeat];
    // Drawn again only when its words or colour changed: every step of a replay comes here.
    const key = JSON.stringify([s.actingSeat, acting?.look.color, s.headline, s.detail, s.yourTurn, !!this.scoring]);
    if (key === this.bannerKey) return;
    this.bannerKey = key;
    // Its three parts are kept and changed in place: a step then lays out and paints only words that changed.
    const { dot, headline, detail } = this.bannerParts;
    const colour = acting ? `#${acting.look.color.toString(16).padStart(6, '0')}` : '';
    if (colour && colour !== this.bannerParts.colour) {
      this.bannerParts.colour = colour;
      dot.style.background = colour;
    }
    setText(headline, s.headline);
    if (s.detail) setText(detail, s.detail);
    // The scoring put aside: the banner brings it back.
    fillChanged(this.banner, acting ? dot : null, headline, s.detail ? detail : null, this.actions.clocks?.banner(s.actingSeat), this.scoring?.reopen);
    this.banner.classList.toggle('yours', s.yourTurn);
  }

  private renderHand(view: GameView, seat: number): void {
    if (seat < 0) return;
    const hand = view.hands[seat] ?? [];
    const look = this.vm.seats[seat].look;
    const chosen = selectedTile(this.state.selection);
    let chosenMarked = false;
    const buttons = hand.map((tileId, i) => {
      const name = TILE_NAMES[tileId];
      // Watched: the tile as the seat held it, nothing to choose.
      if (this.actions.watchOnly)
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
      const blocked = this.state.pending ? t('samurai.blocked.pending') : tileBlocked(view, seat, name);
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
          on: { click: (e: MouseEvent) => this.onTileClick(name, blocked, e.detail === 0) },
        },
        tileFace(tileId, look),
      );
    });
    if (view.phase === 'hands' || hand.length === 0) {
      fill(this.handTiles, h('p', { class: 'muted small', text: view.phase === 'hands' ? t('samurai.game.handLater') : t('samurai.game.noTiles') }));
    } else {
      // Keep keyboard focus on the same tile across re-renders.
      const focused =
        document.activeElement instanceof HTMLElement && this.handTiles.contains(document.activeElement) ? document.activeElement.dataset.index : undefined;
      fill(this.handTiles, buttons);
      if (focused !== undefined) (this.handTiles.querySelector(`[data-index="${focused}"]`) as HTMLElement | null)?.focus();
    }
    setHidden(this.handPanel, view.phase === 'over');
    const you = this.vm.seats[seat];
    this.standInNote.show(!this.actions.watchOnly && you?.kind === 'human' && you.bot !== '');
    const showActions = view.phase === 'play' && !this.actions.watchOnly;
    setHidden(this.undoButton, !showActions);
    setHidden(this.endButton, !showActions);
    this.undoButton.disabled = this.state.pending || !this.status.canUndo;
    this.endButton.disabled = this.state.pending || !this.status.canEndTurn;
    const text =
      this.blockedNote ||
      (this.status.yourTurn
        ? prompt(this.state.selection) || (view.phase === 'play' ? (this.status.mustPass ? t('samurai.prompt.passing') : t('samurai.prompt.chooseTile')) : '')
        : '');
    this.promptLine.textContent = text;
  }

  // ---- hint ---------------------------------------------------------------------------------

  /** A hint is offered to a player who owes a move, in a live game with a bot seat. */
  private hintsOffered(): boolean {
    return hintsOffered(this.state, { hints: !!this.actions.hints, actor: this.actor, seats: this.vm.seats, status: this.status });
  }

  private renderHint(view: GameView): void {
    const offered = this.hintsOffered();
    if (this.hint && (!offered || this.hint.at !== positionKey(this.vm.game, view))) this.hint = null;
    setHidden(this.hintButton, !offered || view.phase === 'hands');
    setHidden(this.hintLine, !this.hint || view.phase === 'hands');
    const hintText = this.hint && view.phase !== 'hands' ? this.hint.sentence() : '';
    setText(this.hintLine, hintText);
    setData(this.el, 'hint', this.hint ? JSON.stringify(moveToIntent(this.hint.move)) : '');
    const ends = this.hint && (this.hint.move.type === 'endTurn' || this.hint.move.type === 'pass');
    this.endButton.classList.toggle('hinted', !!ends);
    this.chooser?.setHint(offered && view.phase === 'hands' ? () => this.showHint() : null);
  }

  /** Shows the greedy bot's move as the game shows a choice (the tile and its place previewed), and why. */
  private showHint(): void {
    const view = this.vm.view;
    const seat = this.actor;
    if (!view || !this.hintsOffered()) return;
    const hint = hintFor(view, seat);
    if (!hint) return;
    const move = hint.move;
    const reason = hint.reason;
    this.hint = { move, sentence: () => hintSentence(reason), at: positionKey(this.vm.game, view) };
    this.state = withHint(this.state, view, seat, move);
    if (move.type === 'chooseHand') this.chooser?.showHint(move.tiles, this.hint.sentence);
    this.render(null);
    if (move.type === 'play') this.revealBoard();
  }

  private renderSupply(view: GameView, seat: number): void {
    if (view.phase !== 'pieces') {
      setHidden(this.supplyPanel, true);
      this.supplyKey = '';
      return;
    }
    setHidden(this.supplyPanel, false);
    const mine = seat >= 0 && view.seat === seat;
    const available = PIECES.map((_, caste) => mine && !this.state.pending && targetsOf(view, seat, { kind: 'caste', caste }).length > 0);
    const key = JSON.stringify([language(), mine, available, view.supply, this.state.selection]);
    if (key === this.supplyKey) return;
    this.supplyKey = key;
    fill(
      this.supplyPanel,
      h('h2', { class: 'panel-title', text: mine ? t('samurai.game.placeAPiece') : t('samurai.game.piecesToPlace') }),
      h(
        'div',
        { class: 'supply', role: 'radiogroup', 'aria-label': t('samurai.game.casteToPlace') },
        PIECES.map((_, caste) => {
          const selected = this.state.selection.kind === 'caste' && this.state.selection.caste === caste;
          return h(
            'button',
            {
              type: 'button',
              class: `supply-piece${selected ? ' selected' : ''}`,
              role: 'radio',
              'aria-checked': String(selected),
              disabled: !available[caste],
              dataset: { testid: 'supply-caste', caste },
              on: {
                click: (e: MouseEvent) => {
                  this.state = { ...this.state, selection: { kind: 'caste', caste }, focus: e.detail === 0 ? 0 : -1 };
                  this.render(null);
                  this.revealBoard();
                  if (e.detail === 0) this.boardHost.focus();
                },
              },
            },
            pieceFace(caste, 26),
            h('span', { text: `${casteName(caste)} ×${view.supply[caste]}` }),
          );
        }),
      ),
      mine ? h('p', { class: 'muted small', text: t('samurai.game.chooseCaste') }) : null,
    );
  }

  private renderChooser(view: GameView, seat: number): void {
    const needed = seat >= 0 && view.phase === 'hands' && !view.handChosen[seat];
    if (needed && !this.chooser && !this.state.pending) {
      const game = this.vm.game;
      this.chooser = new HandChooser(
        this.vm.seats[seat].look,
        this.actions.draftHand(game),
        (picked) => this.actions.saveDraftHand(game, picked),
        (tiles) => this.send({ type: 'chooseHand', seat, tiles }),
      );
      fill(this.chooserHost, this.chooser.el);
    } else if (!needed && this.chooser) {
      this.chooser = null;
      this.actions.saveDraftHand(this.vm.game, []); // chosen (or the game moved on): nothing left to keep
      fill(this.chooserHost);
    }
  }

  private renderTargets(): void {
    const view = this.vm.view!;
    fill(
      this.targetList,
      this.state.targets.map((t, i) =>
        h(
          'li',
          {},
          h('button', {
            type: 'button',
            text: targetText(view, this.state.selection, t),
            dataset: { testid: 'target', hex: HEXES[t.hex].name, caste: t.caste },
            'aria-current': i === this.state.focus ? 'true' : undefined,
            on: { click: () => this.chooseTarget(t) },
          }),
        ),
      ),
    );
    setData(this.el, 'targets', String(this.state.targets.length));
  }

  private renderScoring(view: GameView): void {
    if (view.phase === 'over' && view.result && this.scoringGame !== this.vm.game) {
      this.scoring?.destroy();
      this.scoringGame = this.vm.game;
      const delay = this.flightsRunning > 0 ? 1600 : 0;
      const game = this.vm.game;
      setTimeout(() => {
        if (this.destroyed || this.vm.game !== game || this.vm.view?.phase !== 'over') return;
        this.scoring = new ScoringOverlay(
          this.vm.view,
          this.vm.seats,
          {
            rematch: () => this.actions.send('rematch'),
            recordUrl: () => this.actions.recordUrl(),
            recordSeats: () => (this.actions.recordSeats ? this.actions.recordSeats() : recordSeatsOf(this.vm.seats)),
            replayUrl: () => this.actions.replayUrl?.(game) ?? null,
            leave: () => this.actions.leave(),
          },
          this.vm.isHost,
        );
        this.el.appendChild(this.scoring.el);
        this.renderBanner();
      }, delay);
    } else if (this.scoring && view.phase === 'over') {
      this.scoring.setHost(this.vm.isHost);
    } else if (view.phase !== 'over') {
      if (this.scoring) {
        this.scoring.destroy();
        this.scoring = null;
        this.renderBanner();
      }
      // Only a replay steps back from the end: back at the end, the scoring shows again.
      this.scoringGame = -1;
    }
  }

  // ---- preview ------------------------------------------------------------------------------

  /** Would choosing `target` make a play (rather than take a first step, or place a piece)? */
  private makesPlay(target: Target): boolean {
    return makesPlay(this.vm.view, this.actor, this.state.selection, target);
  }

  /** Previews the play `target` would make (null: none), for the way it was chosen. */
  private showPreview(target: Target | null, input: PreviewInput = this.state.previewInput): void {
    const state = pointTo(this.state, target, input);
    if (!state) return;
    this.state = state;
    this.updatePreview();
    if (this.vm.view) this.board?.setMarks(boardMarks(this.state, this.vm.view, this.boardPreview));
  }

  /** The preview of the previewed target's play as things stand (dropped once it is no longer a target). */
  private updatePreview(): void {
    const view = this.vm.view;
    const seat = this.actor;
    const { state, preview } = previewed(this.state, view, seat);
    this.state = state;
    if (JSON.stringify(preview?.move) !== JSON.stringify(this.preview?.move) || preview?.table.turnPlays.length !== this.preview?.table.turnPlays.length) {
      this.preview = preview;
      this.boardPreview = boardPreviewOf(preview);
    }
    setData(this.el, 'preview', preview ? HEXES[this.state.previewTarget!.hex].name : '');
    this.previewCard.show(
      preview,
      preview && view ? targetText(view, this.state.selection, this.state.previewTarget!) : '',
      this.vm.seats,
      seat,
      this.state.previewInput,
    );
    this.showFloatCard();
    if (preview && this.board) {
      // Never over the target's hex: a finger's second tap there plays it.
      const at = this.board.hexToClient(this.state.previewTarget!.hex);
      const area = this.boardHost.getBoundingClientRect();
      const target = { x: at.x - area.left, y: at.y - area.top };
      this.previewCard.place(placePreviewCard(area, target, this.board.hexRadius, this.previewCard.naturalSize()));
    }
  }

  private point(hexes: number[]): void {
    if (hexes.join() === this.state.pointed.join()) return;
    this.state = { ...this.state, pointed: hexes.filter((h) => h >= 0) };
    this.el.dataset.pointed = this.state.pointed.map((h) => HEXES[h].name).join(' ');
    if (this.vm.view) this.board?.setMarks(boardMarks(this.state, this.vm.view, this.boardPreview));
  }

  // ---- captures -----------------------------------------------------------------------------

  private animateCaptures(previous: ViewModel, vm: ViewModel): void {
    const board = this.board;
    const before = previous.view;
    if (!board || !before || vm.log.length <= previous.log.length) return;
    const fresh: LogEntry[] = vm.log.slice(previous.log.length);
    const captures = fresh.filter((e): e is Extract<LogEntry, { kind: 'capture' }> => e.kind === 'capture');
    if (captures.length === 0) return;
    this.flightsRunning++;
    this.el.dataset.animating = 'true';
    const landed = () => {
      this.flightsRunning--;
      if (this.flightsRunning === 0) this.el.dataset.animating = 'false';
    };
    const asked = this.shownAtOnce;
    // Where the pieces fly to is read at the next frame, from the layout the browser makes for this
    // one: reading it now, after this update's writes, would lay the page out once more.
    requestAnimationFrame(() => {
      if (this.destroyed || asked !== this.shownAtOnce) return landed();
      void board.fly(this.flightsOf(before, vm, captures)).then(() => {
        landed();
        if (asked === this.shownAtOnce) for (const c of captures) this.seatsPanel.flash(c.seat);
      });
    });
  }

  private flightsOf(before: GameView, vm: ViewModel, captures: readonly Extract<LogEntry, { kind: 'capture' }>[]): Flight[] {
    const board = this.board!;
    return captures.map((c) => {
      const hex = hexIndex(c.hex);
      const settlement = HEXES[hex].settlement;
      const caste = PIECES.indexOf(c.piece);
      const target = this.seatsPanel.target(c.seat);
      const rect = target?.getBoundingClientRect();
      const canvasSize = board.size;
      let to = rect ? board.clientToCanvas({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }) : { x: canvasSize.width, y: 0 };
      to = { x: Math.max(8, Math.min(canvasSize.width - 8, to.x)), y: Math.max(8, Math.min(canvasSize.height - 8, to.y)) };
      return {
        hex,
        mask: (before.pieces[settlement] | (1 << caste)) >>> 0,
        caste,
        to,
        color: c.seat === null ? null : (vm.seats[c.seat]?.look.color ?? null),
      };
    });
  }

  // ---- input --------------------------------------------------------------------------------

  private onTileClick(tile: TileName, blocked: string | null, viaKeyboard: boolean): void {
    const view = this.vm.view;
    if (!view || this.actor < 0) return;
    if (blocked) {
      this.blockedNote = `${tileLabel(tile)}: ${blocked}`;
      this.render(null);
      this.blockedNote = '';
      return;
    }
    this.state = tileChosen(this.state, tile, viaKeyboard);
    this.render(null);
    if (this.state.selection.kind !== 'none') this.revealBoard();
    if (viaKeyboard && this.state.selection.kind !== 'none') this.boardHost.focus();
  }

  /** On a phone the board may be scrolled away when a tile is chosen: bring it back into view. */
  private revealBoard(): void {
    const rect = this.boardHost.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > window.innerHeight) this.boardHost.scrollIntoView({ block: 'nearest' });
  }

  private onTap(hex: number, caste: number, pointer: string): void {
    const view = this.vm.view;
    if (!view) {
      this.state = { ...this.state, keyboardActive: false };
      return;
    }
    const { state, tap } = tapped(this.state, view, this.actor, hex, caste, pointer);
    this.state = state;
    if (tap.kind === 'preview') this.showPreview(tap.target, 'touch');
    else if (tap.kind === 'choose') this.chooseTarget(tap.target);
    else {
      this.showPreview(null);
      this.state = tap.state;
      this.render(null);
    }
  }

  private onHover(hex: number, caste: number): void {
    // A mouse points before it clicks: resting on a target previews its play.
    const target = hex >= 0 ? matchTap(this.state.targets, hex, caste) : null;
    if (target && this.makesPlay(target)) this.showPreview(target, 'mouse');
    else if (this.state.previewInput === 'mouse') this.showPreview(null);
    const settlement = hex >= 0 ? HEXES[hex].settlement : -1;
    if (settlement === this.state.hovered) return;
    this.state = { ...this.state, hovered: settlement };
    const view = this.vm.view;
    if (view) {
      this.showInspectors(view);
      this.board?.setMarks(boardMarks(this.state, view, this.boardPreview));
    }
    this.boardHost.style.cursor = hex >= 0 && this.state.targets.some((t) => t.hex === hex) ? 'pointer' : '';
  }

  private chooseTarget(target: Target): void {
    const view = this.vm.view;
    if (!view) return;
    const before = this.state.selection;
    const choice = chosen(this.state, view, this.actor, target);
    if (!choice) return;
    this.state = choice.state;
    if (choice.move) {
      this.refocusHand = this.state.keyboardActive;
      this.send(choice.move);
      this.unanswered = before;
    } else this.render(null);
  }

  private send(move: Move): void {
    const { type, payload } = moveToIntent(move);
    this.state = { ...this.state, pending: true };
    this.actions.send(type, payload as never);
    this.render(null);
  }

  private sendSimple(type: 'undo' | 'endTurn'): void {
    const seat = this.actor;
    if (!this.vm.view || seat < 0 || this.state.pending) return;
    if (type === 'undo' ? !this.status.canUndo : !this.status.canEndTurn) return;
    this.state = { ...this.state, selection: NO_SELECTION };
    this.send({ type, seat });
  }

  private listenKeys(): void {
    this.boardHost.addEventListener('keydown', (e) => {
      const direction = ARROWS[e.key];
      if (direction) {
        e.preventDefault();
        this.state = { ...this.state, keyboardActive: true };
        this.moveFocus(direction);
      } else if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.state = { ...this.state, keyboardActive: true };
        if (this.state.focus >= 0 && this.state.targets[this.state.focus]) this.chooseTarget(this.state.targets[this.state.focus]);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        if (this.state.previewTarget && !this.state.keyboardActive) {
          this.showPreview(null);
          return;
        }
        this.state = { ...this.state, selection: back(this.state.selection) };
        this.render(null);
        if (this.state.selection.kind === 'none') (this.handTiles.querySelector('button') as HTMLElement | null)?.focus();
      }
    });
    this.boardHost.addEventListener('focus', () => {
      if (this.state.focus < 0 && this.state.targets.length) this.state = { ...this.state, focus: 0 };
    });
    document.addEventListener('keydown', this.onShortcut);
  }

  /** U takes back, E ends the turn, H asks for a hint (not while typing, nor with a dialog open). */
  private readonly onShortcut = (e: KeyboardEvent): void => {
    if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]')) return;
    if (e.key === 'u' || e.key === 'U') this.sendSimple('undo');
    else if (e.key === 'h' || e.key === 'H') this.showHint();
    else if (e.key === 'e' || e.key === 'E') this.sendSimple('endTurn');
  };

  /** Arrow keys: to the nearest target that way; with no targets, through the settlements. */
  private moveFocus(direction: Direction): void {
    const view = this.vm.view;
    if (!view) return;
    // Arrows go the way they point on screen, however the board is turned.
    this.state = focusMoved(this.state, view, direction, this.board?.angle ?? 0);
    const focused = this.state.targets[this.state.focus];
    if (focused) {
      this.promptLine.textContent = targetText(view, this.state.selection, focused);
      this.showPreview(this.makesPlay(focused) ? focused : null, 'keyboard');
    }
    this.renderTargets();
    this.showInspectors(view);
    this.board?.setMarks(boardMarks(this.state, view, this.boardPreview));
  }

  private showInspectors(view: GameView): void {
    this.inspector.show(view, this.vm.seats, inspected(this.state));
    this.showFloatCard();
    if (this.state.pinned >= 0) this.floatInspector.show(view, this.vm.seats, this.state.pinned);
  }

  /** A phone's pinned settlement card, put away while a play is previewed (the two would lie one over the other). */
  private showFloatCard(): void {
    setHidden(this.floatCard, this.state.pinned < 0 || this.preview !== null);
  }

  private unpin(): void {
    this.state = { ...this.state, pinned: -1 };
    const view = this.vm.view;
    if (view) {
      this.showInspectors(view);
      this.board?.setMarks(boardMarks(this.state, view, this.boardPreview));
    }
  }
}
