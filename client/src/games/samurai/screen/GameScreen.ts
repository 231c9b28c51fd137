import { ClientMessages, ClientMessageType, GameView, hexIndex, hintFor, HEXES, Move, moveToIntent, RecordSeat, TileName } from '@samurai/shared';
import { BoardView } from '../board/BoardView';
import { Point } from '../board/hex-layout';
import { boardMarks, hintsOffered, positionKey, withHint } from '../model/screen-state';
import { TurnStatus, turnStatus } from '../model/turn-status';
import { justDrawn, ViewModel } from '../model/view-model';
import { tileLabel } from '../model/words';
import { listOf, onLanguageChange, t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import { fill, h, setData } from '../../../ui/dom';
import { gameHeader } from '../../../table/game-header';
import { recordSeatsOf } from '../../../replay/record-link';
import type { SeatClockFaces } from '../../../table/game-client';
import { openHelp } from '../ui/help';
import { hintSentence } from '../ui/hint-sentence';
import { CaptureFlights } from './CaptureFlights';
import { HandChooser } from './HandChooser';
import { HandPanel } from './HandPanel';
import { InspectorCards } from './InspectorCards';
import { LogPanel } from './LogPanel';
import { MoveInput } from './MoveInput';
import { PlayPreviewer } from './PlayPreviewer';
import { ScoringSlot } from './ScoringSlot';
import { SeatsPanel } from './SeatsPanel';
import { SupplyPanel } from './SupplyPanel';
import { TargetList } from './TargetList';
import { TurnBanner } from './TurnBanner';

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

/**
 * The game: board, your hand behind its screen, the turn, players, inspector, log and the end.
 * What is chosen, targeted, focused and previewed is one ScreenState, replaced by the pure
 * functions of model/screen-state.ts; the panels beside the board each draw their part of it.
 */
export class GameScreen {
  readonly el: HTMLElement;
  private board: BoardView | null = null;
  private readonly boardHost: HTMLElement;
  private readonly banner = new TurnBanner();
  private readonly hand: HandPanel;
  private readonly supply = new SupplyPanel((caste, viaKeyboard) => this.input.caste(caste, viaKeyboard));
  private readonly targetList = new TargetList((target) => this.input.chooseTarget(target));
  private hint: ShownHint | null = null;
  private readonly chooserHost = h('div', { class: 'chooser-host' });
  private chooser: HandChooser | null = null;
  private readonly seatsPanel = new SeatsPanel(
    (seat) => this.actions.send('standIn', { seat }),
    () => this.actions.send('resume'),
    (seat) => this.actions.clocks?.seat(seat) ?? null,
  );
  private readonly inspectors = new InspectorCards(() => this.input.unpin());
  private readonly logPanel = new LogPanel((hexes, tapped) => {
    this.input.point(hexes);
    // A line tapped on a phone, whose board is above the log: bring the board into view to show it.
    if (tapped && hexes.length) this.input.revealBoard();
  });
  private readonly previewer: PlayPreviewer;
  private readonly input: MoveInput;
  private readonly scoring: ScoringSlot;
  private readonly flights: CaptureFlights;
  private vm: ViewModel;
  private status: TurnStatus;
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
    this.boardHost = this.words.bind(h('div', { class: 'board-host', tabindex: 0, role: 'application', dataset: { testid: 'board' } }), {
      label: () => t('samurai.game.board'),
    });
    this.hand = new HandPanel(
      {
        tile: (tile, blocked, viaKeyboard) => this.input.tile(tile, blocked, viaKeyboard),
        undo: () => this.input.sendSimple('undo'),
        endTurn: () => this.input.sendSimple('endTurn'),
        hint: () => this.showHint(),
        resume: () => this.actions.send('resume'),
      },
      !!actions.watchOnly,
    );
    this.el = h('div', { class: `game${vm.isSpectator ? ' spectating' : ''}`, dataset: { testid: 'game' } });
    this.previewer = new PlayPreviewer(
      this.el,
      () => this.input.state.previewTarget && this.input.chooseTarget(this.input.state.previewTarget),
      () => this.input.showPreview(null),
    );
    this.flights = new CaptureFlights(this.el, this.seatsPanel);
    this.scoring = new ScoringSlot(
      this.el,
      () => this.vm,
      (game) => ({
        rematch: () => this.actions.send('rematch'),
        recordUrl: () => this.actions.recordUrl(),
        recordSeats: () => (this.actions.recordSeats ? this.actions.recordSeats() : recordSeatsOf(this.vm.seats)),
        replayUrl: () => this.actions.replayUrl?.(game) ?? null,
        leave: () => this.actions.leave(),
      }),
      () => this.showBanner(),
    );
    fill(
      this.el,
      gameHeader({
        brand: 'Samurai',
        code: vm.code,
        words: this.words,
        roomWord: () => t('samurai.game.room'),
        roomTitle: () => t('samurai.game.roomCode'),
        banner: this.banner.el,
        tableBar: actions.tableBar,
        rules: { label: () => t('samurai.game.rules'), open: () => openHelp() },
        leave: { label: () => t('samurai.game.leave'), go: () => this.confirmLeave() },
      }),
      vm.isSpectator ? this.spectatorBanner() : null,
      h(
        'main',
        { class: 'board-area' },
        this.boardHost,
        this.inspectors.float,
        this.previewer.card.el,
        this.words.bind(h('button', { type: 'button', class: 'zoom-reset quiet small', on: { click: () => this.board?.resetZoom() } }), {
          text: () => t('samurai.game.fitBoard'),
          title: () => t('samurai.game.fitBoardTitle'),
        }),
      ),
      h('aside', { class: 'side' }, vm.isSpectator ? null : this.hand.el, this.supply.el, this.seatsPanel.el, this.inspectors.side.el, this.logPanel.el),
      this.chooserHost,
      this.targetList.el,
    );
    this.input = new MoveInput(
      {
        vm: () => this.vm,
        actor: () => this.actor,
        status: () => this.status,
        board: () => this.board,
        render: () => this.render(null),
        sendMove: (move) => this.send(move),
        hint: () => this.showHint(),
      },
      { el: this.el, boardHost: this.boardHost, hand: this.hand, previewer: this.previewer, inspectors: this.inspectors, targetList: this.targetList },
    );
    this.stopLanguage = onLanguageChange(() => this.relanguage());
    this.openBoard();
    this.render(null);
  }

  /** The board's canvas, made asynchronously: the screen draws on it once it is there. */
  private openBoard(): void {
    void BoardView.create(this.boardHost, {
      tap: (hex, caste, pointer) => this.input.tap(hex, caste, pointer),
      hover: (hex, caste) => this.input.hover(hex, caste),
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
    this.input.destroy();
    this.board?.destroy();
    this.scoring.destroy();
    this.flights.destroy();
    this.logPanel.destroy();
    this.el.remove();
  }

  /** `animate` false shows the model at once, nothing flying (a replay or a look-back stepping back or jumping). */
  update(vm: ViewModel, animate = true): void {
    if (this.destroyed) return;
    const previous = this.vm;
    this.vm = vm;
    this.input.answered();
    if (previous.game !== vm.game) this.logPanel.reset();
    // Flights of the position left behind land at once, and those not yet started never start.
    if (!animate) this.flights.landAll(this.board);
    this.render(previous.game === vm.game && animate ? previous : null);
    if (animate) this.noteDrawn(justDrawn(previous, vm));
  }

  /** The language changed: every word on the screen again, nothing else changed (choice, hint, log and scoring kept). */
  private relanguage(): void {
    this.words.refresh();
    for (const part of [this.hand, this.supply, this.targetList, this.inspectors, this.scoring, this.logPanel]) part.relabel();
    this.chooser?.relabel();
    this.render(null);
  }

  /** A server refusal: the choice is kept so the player can try again. */
  refused(): void {
    this.input.refused();
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
    this.input.settle();
    const state = this.input.state;

    this.showBanner();
    this.seatsPanel.update(view, vm.seats, this.status.actingSeat, vm.isHost, !this.actions.watchOnly);
    this.logPanel.update(vm.log, vm.seats);
    if (vm.yourSeat >= 0) this.showHand(view, vm.yourSeat);
    this.supply.show(view, seat, state.pending, state.selection);
    if (this.input.takeRefocus()) {
      const next = this.hand.nextFocus();
      if (next && this.status.yourTurn) next.focus();
      else if (view.phase === 'pieces') this.boardHost.focus();
    }
    this.showChooser(view, seat);
    this.showHintLine(view);
    this.input.showTargets();
    this.scoring.show(vm, this.flights.flying);
    this.inspectors.show(view, vm.seats, state, this.previewer.showing);
    setData(this.el, 'phase', view.phase);
    setData(this.el, 'yourTurn', String(this.status.yourTurn));
    setData(this.el, 'pending', String(state.pending));
    if (this.board) {
      this.board.show(
        view,
        vm.seats.map((s) => s.look),
        boardMarks(state, view, this.previewer.board),
      );
      if (previous?.view) this.flights.fly(this.board, previous, vm);
    }
  }

  private showBanner(): void {
    this.banner.show(this.status, this.vm.seats, this.actions.clocks?.banner(this.status.actingSeat), this.scoring.reopen);
  }

  private showHand(view: GameView, seat: number): void {
    const you = this.vm.seats[seat];
    const { selection, pending } = this.input.state;
    const standIn = you?.kind === 'human' && you.bot !== '';
    this.hand.show({ view, seat, look: you.look, selection, pending, status: this.status, standIn, blockedNote: this.input.blockedNote });
  }

  private showChooser(view: GameView, seat: number): void {
    const needed = seat >= 0 && view.phase === 'hands' && !view.handChosen[seat];
    if (needed && !this.chooser && !this.input.state.pending) {
      const game = this.vm.game;
      this.chooser = new HandChooser(
        this.vm.seats[seat].look,
        this.actions.draftHand(game),
        (picked) => this.actions.saveDraftHand(game, picked),
        (tiles) => this.input.send({ type: 'chooseHand', seat, tiles }),
      );
      fill(this.chooserHost, this.chooser.el);
    } else if (!needed && this.chooser) {
      this.chooser = null;
      this.actions.saveDraftHand(this.vm.game, []); // chosen (or the game moved on): nothing left to keep
      fill(this.chooserHost);
    }
  }

  // ---- hint ---------------------------------------------------------------------------------

  /** A hint is offered to a player who owes a move, in a live game with a bot seat. */
  private hintsOffered(): boolean {
    return hintsOffered(this.input.state, { hints: !!this.actions.hints, actor: this.actor, seats: this.vm.seats, status: this.status });
  }

  private showHintLine(view: GameView): void {
    const offered = this.hintsOffered();
    if (this.hint && (!offered || this.hint.at !== positionKey(this.vm.game, view))) this.hint = null;
    const choosing = view.phase === 'hands';
    const ends = !!this.hint && (this.hint.move.type === 'endTurn' || this.hint.move.type === 'pass');
    this.hand.showHint(offered && !choosing, this.hint && !choosing ? this.hint.sentence() : null, ends);
    setData(this.el, 'hint', this.hint ? JSON.stringify(moveToIntent(this.hint.move)) : '');
    this.chooser?.setHint(offered && choosing ? () => this.showHint() : null);
  }

  /** Shows the greedy bot's move as the game shows a choice (the tile and its place previewed), and why. */
  private showHint(): void {
    const view = this.vm.view;
    const seat = this.actor;
    if (!view || !this.hintsOffered()) return;
    const hint = hintFor(view, seat);
    if (!hint) return;
    const { move, reason } = hint;
    this.hint = { move, sentence: () => hintSentence(reason), at: positionKey(this.vm.game, view) };
    this.input.state = withHint(this.input.state, view, seat, move);
    if (move.type === 'chooseHand') this.chooser?.showHint(move.tiles, this.hint.sentence);
    this.render(null);
    if (move.type === 'play') this.input.revealBoard();
  }

  /** A move as the server's message. */
  private send(move: Move): void {
    const { type, payload } = moveToIntent(move);
    this.actions.send(type, payload as never);
  }
}
