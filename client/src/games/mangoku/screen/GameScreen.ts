import { mangoku, RecordSeat } from '@samurai/shared';
import type { SeatClockFaces } from '../../../table/game-client';
import { gameHeader } from '../../../table/game-header';
import { recordSeatsOf } from '../../../replay/record-link';
import { StandInNote } from '../../../table/stand-in-note';
import type { TableSeatModel } from '../../../table/table-model';
import { fill, h } from '../../../ui/dom';
import { cssColor } from '../../../ui/colour';
import type { SeatLook } from '../../../ui/seat-look';
import { FirstSeen, localDeadline } from '../model/clock';
import { flightsBetween } from '../model/flights';
import { logLines } from '../model/game-log';
import {
  aimableTargets,
  completePlay,
  heldCards,
  NO_SELECTION,
  playSource,
  revalidate,
  Selection,
  setIkki,
  tapHeldCard,
  toggleTarget,
} from '../model/interaction';
import { promptModel, secondsLeft } from '../model/prompt';
import { tableScene, TableScene } from '../model/scene';
import { turnStatus } from '../model/turn-status';
import { MangokuModel } from '../model/view-model';
import { cardTitle, effectText, Wording } from '../model/words';
import { onLanguageChange, t } from '../../../i18n/i18n';
import { LiveWords } from '../../../i18n/live-words';
import { moveErrorKey } from '../../../i18n/game-errors';
import { TableView } from '../table/TableView';
import { openHelp } from '../ui/help';
import { hintSentence } from '../ui/hint-sentence';
import { ActionBar } from './ActionBar';
import { DiscardDialog } from './DiscardDialog';
import { LogPanel } from './LogPanel';
import { Notices } from './Notices';
import { PromptPanel } from './PromptPanel';
import { ResultOverlay } from './ResultOverlay';
import { SeatsPanel } from './SeatsPanel';
import { TakeChooser } from './TakeChooser';

type Target = mangoku.Target;

/** What the screen asks of the room (or of the harness that stands in for one). */
export interface GameActions {
  /** An engine move of your seat: the module sends it as the room's message. */
  move(move: mangoku.Move): void;
  rematch(): void;
  standIn(seat: number): void;
  resume(): void;
  leave(): void;
  notify(text: string, kind?: 'info' | 'error'): void;
  /** Where the record of the last finished game downloads from; null where there is none. */
  recordUrl(): string | null;
  /** Who sat where, for the downloaded record (null: unknown); the seats shown when not given. */
  recordSeats?(): readonly RecordSeat[] | null;
  /** The page that replays the room's game `game` once it has ended ("Watch again"); none in a replay or the harness. */
  replayUrl?(game: number): string;
  /** The table's controls (watchers, turn alerts) for the header bar; none without a table (the harness). */
  readonly tableBar?: HTMLElement;
  /** The seats' clocks for their panels and the banner; none without a table (a replay, the harness). */
  readonly clocks?: SeatClockFaces;
  /** Offer a Hint in games with a bot seat (live play; a replay or the harness has none). */
  readonly hints?: boolean;
  /** A replay: what the seat saw (its hand), with none of its controls, and the turn told as a spectator hears it. */
  readonly watchOnly?: boolean;
}

/** A hint on show: the greedy bot's move, its sentence, and the position it was asked in. */
interface ShownHint {
  readonly move: mangoku.Move;
  /** Its sentence, in the language shown now. */
  readonly sentence: () => string;
  readonly at: string;
}

/** Where a game stands, move by move: a hint is for this position only. */
function positionKey(game: number, view: mangoku.GameView): string {
  const campaign = view.campaigns[view.campaigns.length - 1];
  return JSON.stringify([game, view.campaigns.length, campaign?.turns.length, view.turn?.chain.length, view.turn?.answers.length, view.step]);
}

const TICK_MS = 250;
const MAX_FLIGHTS = 24;

/**
 * Mangoku's game screen: the card table (Pixi), the prompt, what your chosen card will do and
 * whom it may be aimed at, the players, the log, notices, and the end. It shows the model and
 * sends moves the engine allows on your own view; every choice it offers comes from the engine.
 */
export class GameScreen {
  readonly el: HTMLElement;
  readonly spectator: boolean;
  private table: TableView | null = null;
  private readonly tableHost: HTMLElement;
  private readonly banner: HTMLElement;
  /** The prompt's seconds left, in the banner, for everyone it does not wait for. */
  private readonly bannerClock: HTMLElement;
  private promptDeadline: number | null = null;
  private readonly prompt: PromptPanel;
  private readonly actionBar: ActionBar;
  private readonly seatsPanel: SeatsPanel;
  private readonly logPanel = new LogPanel();
  private readonly chooser: TakeChooser;
  private readonly notices = new Notices();
  private readonly standInNote = new StandInNote(() => this.actions.resume());
  private readonly discardDialog = new DiscardDialog();
  private readonly handButtons: HTMLElement;
  private readonly discardButton: HTMLButtonElement;
  private result: ResultOverlay | null = null;
  private resultGame = -1;
  /** The result put aside to see the table (kept when it is built again in another language). */
  private resultHidden = false;
  private model: MangokuModel;
  private selection: Selection = NO_SELECTION;
  private pending = false;
  private focusCard = -1;
  private focusTarget: Target | null = null;
  private scene: TableScene | null = null;
  private readonly firstSeen = new FirstSeen();
  private timer: ReturnType<typeof setInterval> | undefined;
  private destroyed = false;
  /** The table drawn for this view (flights start from it). */
  private drawnView: mangoku.GameView | null = null;
  private hint: ShownHint | null = null;
  /** The words set once on the screen's elements, redrawn when the language changes. */
  private readonly words = new LiveWords();
  private readonly stopLanguage: () => void;

  constructor(
    private readonly actions: GameActions,
    model: MangokuModel,
  ) {
    this.model = model;
    this.spectator = model.isSpectator;
    this.tableHost = h('div', {
      class: 'board-host mk-table',
      tabindex: -1,
      dataset: { testid: 'table' },
    });
    this.banner = h('div', { class: 'turn-banner', role: 'status', 'aria-live': 'polite', dataset: { testid: 'turn-banner' } });
    this.bannerClock = h('span', { class: 'mk-seconds banner-clock', 'aria-hidden': 'true', dataset: { testid: 'banner-clock' } });
    this.prompt = new PromptPanel((answer) => this.send({ type: 'answer', seat: this.actor, answer }));
    this.actionBar = new ActionBar({
      play: () => this.playSelection(),
      cancel: () => this.choose(NO_SELECTION),
      target: (t) => this.tapTarget(t),
      ikki: (on) => this.view && this.choose(setIkki(this.view, this.actor, this.selection, on)),
      hint: () => this.showHint(),
    });
    this.seatsPanel = new SeatsPanel(
      (seat) => this.actions.standIn(seat),
      () => this.actions.resume(),
      (seat) => this.actions.clocks?.seat(seat) ?? null,
    );
    this.chooser = new TakeChooser((card) => this.send({ type: 'take', seat: this.actor, card }));
    this.actionBar.el.prepend(this.standInNote.el);
    this.handButtons = this.words.bind(h('div', { class: 'sr-only', role: actions.watchOnly ? 'list' : 'toolbar', dataset: { testid: 'hand' } }), {
      label: () => t('mangoku.game.yourHand'),
    });
    this.discardButton = h('button', { type: 'button', class: 'quiet small', dataset: { testid: 'open-discard' }, on: { click: () => this.openDiscard() } });
    const spectatorBanner = model.isSpectator
      ? h(
          'div',
          { class: 'spectator-banner', role: 'note', dataset: { testid: 'spectator-banner' } },
          this.words.bind(h('strong'), { text: () => t('mangoku.game.watchingTitle') }),
          this.words.bind(h('span'), { text: () => t('mangoku.game.watchingText') }),
        )
      : null;
    this.el = h(
      'div',
      { class: `game mk-game${model.isSpectator ? ' spectating' : ''}`, dataset: { testid: 'game' } },
      gameHeader({
        brand: 'Mangoku',
        code: model.code,
        words: this.words,
        roomWord: () => t('mangoku.game.room'),
        roomTitle: () => t('mangoku.game.roomCode'),
        banner: this.banner,
        tableBar: actions.tableBar,
        rules: { label: () => t('mangoku.game.rules'), open: () => openHelp() },
        leave: { label: () => t('mangoku.game.leave'), go: () => this.confirmLeave() },
      }),
      spectatorBanner,
      h('main', { class: 'board-area mk-table-area' }, this.tableHost, h('div', { class: 'mk-overlays' }, this.prompt.el, this.chooser.el)),
      model.isSpectator || actions.watchOnly ? null : this.actionBar.el,
      h('aside', { class: 'side' }, this.notices.el, this.seatsPanel.el, h('div', { class: 'mk-side-buttons' }, this.discardButton), this.logPanel.el),
      this.handButtons,
    );
    this.listenKeys();
    this.stopLanguage = onLanguageChange(() => this.relanguage());
    void TableView.create(this.tableHost, {
      tapCard: (i) => this.tapCard(i),
      tapSeat: (s) => this.tapTarget(s),
      tapCentre: () => this.tapTarget('centre'),
      tapDiscard: () => this.openDiscard(),
    }).then((table) => {
      if (this.destroyed) return table.destroy();
      this.table = table;
      this.el.dataset.tableReady = 'true';
      this.render();
    });
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.render();
  }

  destroy(): void {
    this.destroyed = true;
    this.stopLanguage();
    clearInterval(this.timer);
    document.removeEventListener('keydown', this.onKey);
    this.table?.destroy();
    this.result?.destroy();
    this.discardDialog.destroy();
    this.el.remove();
  }

  /** `animate` false shows the model at once, nothing flying and no notice (a look-back stepping back or jumping). */
  update(model: MangokuModel, animate = true): void {
    const previous = this.model;
    this.model = model;
    this.pending = false;
    if (previous.game !== model.game || !animate) {
      this.notices.clear();
      this.drawnView = null;
    }
    if (!animate) this.table?.land();
    this.render();
  }

  /** The language changed: every word again (the table's cards too), nothing else changed. */
  private relanguage(): void {
    this.words.refresh();
    this.actionBar.relabel();
    this.logPanel.relabel();
    this.handButtons.dataset.key = '';
    // The result overlay is built again in the new language (put aside still, if it was).
    this.result?.destroy();
    this.result = null;
    this.table?.relabel();
    this.render();
  }

  /** The room refused the last request: the choice is kept to try again. */
  refused(): void {
    this.pending = false;
    this.render();
  }

  private get view(): mangoku.GameView | null {
    return this.model.view;
  }

  private get wording(): Wording {
    return { names: this.model.seats.map((s) => s.name || t('mangoku.seat', { n: s.index + 1 })), viewer: this.model.yourSeat };
  }

  /** The seat this screen makes moves for: yours, or none in a replay (-1). */
  private get actor(): number {
    return this.actions.watchOnly ? -1 : this.model.yourSeat;
  }

  /** The words of what to do, for the seat that acts: a replay's are a spectator's ("Waiting for Ann", not "Answer now"). */
  private get actorWording(): Wording {
    return { ...this.wording, viewer: this.actor };
  }

  // ---- hooks for tests and tools (where things are on the page; never a secret) -------------

  /** Where held card `index` is on the page, or null. */
  cardPoint(index: number): { x: number; y: number } | null {
    const r = this.table?.cardRects()[index];
    return r && this.table ? this.table.toClient({ x: r.x + r.width / 2, y: r.y + r.height / 2 }) : null;
  }

  /** Where a seat's nameplate (or the centre pile, or the discard pile) is on the page. */
  placePoint(place: number | 'centre' | 'discard' | 'supply'): { x: number; y: number } | null {
    if (!this.table) return null;
    const p = this.table.placePoint(typeof place === 'number' ? { kind: 'seat', seat: place } : { kind: place });
    if (typeof place === 'number' && place === this.table.layout.bottomSeat && this.table.layout.hand) {
      const r = this.table.layout.seats[place];
      return this.table.toClient({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
    }
    return this.table.toClient(p);
  }

  /** What the table shows face up besides the piles: your hand, and which seats a reveal shows. */
  faceUp(): { hand: readonly mangoku.CardName[]; taken: mangoku.CardName | null; revealed: number[] } {
    const scene = this.scene;
    return { hand: scene?.hand ?? [], taken: scene?.taken ?? null, revealed: scene ? scene.seats.flatMap((s, i) => (s.revealed ? [i] : [])) : [] };
  }

  get tableView(): TableView | null {
    return this.table;
  }

  /** The play being put together, and the keyboard's card and target. */
  get choosing(): { selection: Selection; focusCard: number; focusTarget: Target | null } {
    return { selection: this.selection, focusCard: this.focusCard, focusTarget: this.focusTarget };
  }

  // ---- rendering ----------------------------------------------------------------------------

  private render(): void {
    const model = this.model;
    const view = model.view;
    if (!view) return;
    const w = this.wording;
    const seat = this.actor;
    const acts = this.actorWording;
    const now = Date.now();
    this.selection = seat >= 0 ? revalidate(view, seat, this.selection) : NO_SELECTION;
    const held = heldCards(view, seat);
    if (this.focusCard >= held.length) this.focusCard = held.length ? held.length - 1 : -1;
    if (this.focusTarget !== null && !aimableTargets(view, seat, this.selection).includes(this.focusTarget)) this.focusTarget = null;

    const status = turnStatus(view, acts, model.seats);
    const acting = status.seat >= 0 ? model.seats[status.seat] : undefined;
    this.renderResult(view, w);
    // The banner is drawn again: a button of it that had the focus keeps it.
    const focused = this.banner.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    fill(
      this.banner,
      acting ? h('span', { class: 'banner-dot', style: { background: cssColor(acting.look.color) } }) : null,
      h('strong', { text: status.headline }),
      status.detail ? h('span', { class: 'banner-detail', text: status.detail }) : null,
      this.bannerClock,
      this.actions.clocks?.banner(status.clockSeat),
      // The result put aside: the banner brings it back.
      this.result?.reopen,
    );
    if (focused && this.banner.contains(focused)) focused.focus();
    this.banner.classList.toggle('yours', status.yourTurn);
    this.el.dataset.yourTurn = String(status.yourTurn);
    this.el.dataset.step = view.step.kind;
    this.el.dataset.pending = String(this.pending);
    this.el.dataset.campaign = String(view.campaigns.length);

    const looks = model.seats.map((s) => s.look);
    const promptKey =
      view.step.kind === 'answer'
        ? JSON.stringify([
            view.campaigns.length,
            view.campaigns[view.campaigns.length - 1]?.turns.length,
            view.turn?.chain.length,
            view.turn?.answers.length,
            view.step.prompt,
          ])
        : '';
    const revealKeys = view.reveals.map((r) => `reveal:${r.campaign}:${r.id}`);
    this.firstSeen.keep([promptKey, ...revealKeys].filter(Boolean));
    const promptDeadline =
      promptKey && model.promptEndsAt !== null ? localDeadline(model.promptEndsAt, view.options.promptSeconds * 1000, this.firstSeen.at(promptKey, now)) : null;
    this.promptDeadline = promptDeadline;
    this.tickBanner(now);
    this.prompt.update(promptModel(view, acts), promptDeadline, this.pending, acts, looks);
    this.chooser.update(view, acts, this.pending);
    this.actionBar.update(view, acts, looks, this.selection, this.pending, status.yourTurn ? '' : status.headline);
    this.renderHint(view);
    this.seatsPanel.update(view, model.seats, status.turn, model.isHost);
    const you = model.seats[seat];
    this.standInNote.show(you?.kind === 'human' && you.bot !== '' && view.step.kind !== 'over');
    this.logPanel.update(logLines(view, w), model.seats);
    this.discardButton.textContent = t('mangoku.game.discardPile', { count: view.discard.length });
    this.renderHandButtons(view, model.yourSeat);
    this.noteChanges(view, w, looks, now);
    this.drawTable(now);
    const previous = this.drawnView;
    if (this.table && previous !== view) {
      // After a long absence (a reconnection) much has changed: a few flights say enough.
      if (previous) void this.table.fly(flightsBetween(previous, view).slice(0, MAX_FLIGHTS));
      this.drawnView = view;
    }
  }

  private revealEnds(view: mangoku.GameView, now: number): number[] {
    return view.reveals.map((r, i) =>
      localDeadline(
        this.model.revealsEndAt[i] ?? now + mangoku.REVEAL_SECONDS * 1000,
        mangoku.REVEAL_SECONDS * 1000,
        this.firstSeen.at(`reveal:${r.campaign}:${r.id}`, now),
      ),
    );
  }

  private drawTable(now: number): void {
    const view = this.view;
    if (!view) return;
    this.scene = tableScene({
      view,
      seats: this.model.seats,
      viewer: this.model.yourSeat,
      selection: this.selection,
      pending: this.pending,
      watchOnly: this.actions.watchOnly,
      focusCard: this.focusCard,
      focusTarget: this.focusTarget,
      revealEnds: this.revealEnds(view, now),
      now,
    });
    // A reveal's bar shrinks in steps: redrawing its seat every tick would cost for nothing.
    const scene = { ...this.scene, seats: this.scene.seats.map((s) => ({ ...s, revealLeft: Math.ceil(s.revealLeft * 30) / 30 })) };
    this.table?.show(scene);
  }

  /** Your held cards as buttons: Tab reaches them, a screen reader reads them, the table rings the focused one. */
  private renderHandButtons(view: mangoku.GameView, seat: number): void {
    const held = heldCards(view, seat);
    const key = JSON.stringify([held, this.selection, this.pending, view.step]);
    if (this.handButtons.dataset.key === key) return;
    this.handButtons.dataset.key = key;
    const focused = this.handButtons.contains(document.activeElement) ? (document.activeElement as HTMLElement).dataset.index : undefined;
    const source = playSource(view, seat);
    fill(
      this.handButtons,
      held.map((card, i) => {
        const info = mangoku.CARDS[card];
        const taken = source === 'taken' && i === held.length - 1;
        const text = `${i + 1}: ${taken ? t('mangoku.game.taken') : ''}${cardTitle(card)}, BTL ${info.btl}, HNR ${info.hnr}. ${effectText(card)}`;
        // Watched: the seat's cards read out, nothing to choose.
        if (this.actions.watchOnly) return h('span', { role: 'listitem', text, dataset: { testid: 'hand-card', card, index: i } });
        return h('button', {
          type: 'button',
          text,
          dataset: { testid: 'hand-card', card, index: i },
          on: {
            click: () => this.tapCard(i),
            focus: () => this.setFocus(i, null),
            blur: () => this.setFocus(-1, this.focusTarget),
          },
        });
      }),
    );
    if (focused !== undefined) this.handButtons.querySelector<HTMLElement>(`[data-index="${focused}"]`)?.focus();
  }

  /** New campaign ends, hands shown to you, reveals: each noted once. */
  private noteChanges(view: mangoku.GameView, w: Wording, looks: readonly SeatLook[], now: number): void {
    const previous = this.drawnView;
    if (previous) {
      view.campaigns.forEach((c, i) => {
        if (c.end && !previous.campaigns[i]?.end) this.notices.campaignEnd(i, c, w, looks, now);
      });
      for (const s of view.shown)
        if (s.why === 'blocked' && !previous.shown.some((p) => p.turn === s.turn && p.from === s.from && p.why === s.why)) this.notices.shown(s, w, now);
    }
    const ends = this.revealEnds(view, now);
    view.reveals.forEach((r, i) => this.notices.reveal(r, ends[i], w, looks, now));
    this.notices.tick(
      now,
      view.reveals.map((r) => r.id),
    );
  }

  private renderResult(view: mangoku.GameView, w: Wording): void {
    if (!view.result) {
      this.result?.destroy();
      this.result = null;
      return;
    }
    if (this.result && this.resultGame === this.model.game) {
      this.result.setHost(this.model.isHost);
      return;
    }
    this.result?.destroy();
    // Another game's result shows at first; the same one, built again, as it was.
    if (this.resultGame !== this.model.game) this.resultHidden = false;
    this.resultGame = this.model.game;
    const game = this.model.game;
    this.result = new ResultOverlay(
      {
        rematch: () => this.actions.rematch(),
        recordUrl: () => this.actions.recordUrl(),
        recordSeats: () => (this.actions.recordSeats ? this.actions.recordSeats() : recordSeatsOf(this.model.seats)),
        replayUrl: () => this.actions.replayUrl?.(game) ?? null,
        hidden: (hidden) => (this.resultHidden = hidden),
      },
      view.result,
      this.model.seats as TableSeatModel[],
      w,
      this.model.isHost,
      this.resultHidden,
    );
    this.el.appendChild(this.result.el);
  }

  private tick(): void {
    const view = this.view;
    if (!view) return;
    const now = Date.now();
    this.prompt.tick(now);
    this.tickBanner(now);
    if (view.reveals.length) {
      this.notices.tick(
        now,
        view.reveals.map((r) => r.id),
      );
      this.drawTable(now);
    } else this.notices.tick(now);
  }

  private tickBanner(now: number): void {
    this.bannerClock.textContent = this.promptDeadline === null ? '' : t('mangoku.promptPanel.secondsLeft', { seconds: secondsLeft(this.promptDeadline, now) });
  }

  // ---- hint ---------------------------------------------------------------------------------

  /** A hint is offered to a player who owes a move (a play, a take, an answer), in a live game with a bot seat. */
  private hintsOffered(view: mangoku.GameView): boolean {
    const model = this.model;
    return (
      !!this.actions.hints && this.actor >= 0 && model.seats.some((s) => s.kind === 'bot') && !this.pending && mangoku.seatsToAct(view).includes(this.actor)
    );
  }

  private renderHint(view: mangoku.GameView): void {
    const offered = this.hintsOffered(view);
    if (this.hint && (!offered || this.hint.at !== positionKey(this.model.game, view))) this.hint = null;
    const move = this.hint?.move;
    this.actionBar.showHint(offered, this.hint?.sentence() ?? null);
    this.prompt.markHint(move?.type === 'answer' ? move.answer : null);
    this.chooser.markHint(move?.type === 'take' ? move.card : null);
    this.el.dataset.hint = move ? JSON.stringify(move) : '';
  }

  /** Shows the greedy bot's move as the game shows a choice (the card chosen, its targets picked; the answer or card outlined), and why. */
  private showHint(): void {
    const view = this.view;
    const seat = this.actor;
    if (!view || !this.hintsOffered(view)) return;
    const hint = mangoku.hintFor(view, seat);
    if (!hint) return;
    const reason = hint.reason;
    this.hint = { move: hint.move, sentence: () => hintSentence(reason, this.wording), at: positionKey(this.model.game, view) };
    if (hint.move.type === 'play') {
      const play = hint.move.play;
      this.focusCard = -1;
      this.focusTarget = null;
      this.selection = { card: play.card, ikki: !!play.ikki, targets: [...(play.targets ?? [])] };
    }
    this.render();
  }

  // ---- choosing and sending -----------------------------------------------------------------

  private choose(selection: Selection): void {
    this.selection = selection;
    this.render();
  }

  private tapCard(index: number): void {
    const view = this.view;
    const seat = this.actor;
    if (!view || seat < 0 || this.pending) return;
    this.focusCard = -1;
    this.choose(tapHeldCard(view, seat, this.selection, index));
  }

  private tapTarget(target: Target): void {
    const view = this.view;
    const seat = this.actor;
    if (!view || seat < 0 || this.pending || !this.selection.card) return;
    this.choose(toggleTarget(view, seat, this.selection, target));
  }

  private playSelection(): void {
    const view = this.view;
    const seat = this.actor;
    if (!view || seat < 0 || this.pending) return;
    const play = completePlay(view, seat, this.selection);
    if (play) this.send({ type: 'play', seat, play });
  }

  /** Sends a move the engine allows on your own view; one it would refuse is never sent. */
  private send(move: mangoku.Move): void {
    const view = this.view;
    if (!view || this.pending) return;
    const refusal = mangoku.checkMove(view, move);
    if (refusal) {
      this.actions.notify(t(`mangoku.errors.${moveErrorKey(refusal.error)}`), 'error');
      return;
    }
    this.pending = true;
    if (move.type === 'play') this.selection = NO_SELECTION;
    this.actions.move(move);
    this.render();
  }

  private openDiscard(): void {
    if (this.view) this.discardDialog.open(this.view);
  }

  private confirmLeave(): void {
    const playing = !this.model.isSpectator && this.view?.step.kind !== 'over';
    if (playing && !window.confirm(t('table.leaveQuestion'))) return;
    this.actions.leave();
  }

  // ---- keyboard -----------------------------------------------------------------------------

  private setFocus(card: number, target: Target | null): void {
    if (card === this.focusCard && target === this.focusTarget) return;
    this.focusCard = card;
    this.focusTarget = target;
    this.drawTable(Date.now());
  }

  private listenKeys(): void {
    document.addEventListener('keydown', this.onKey);
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || document.querySelector('dialog[open]')) return;
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
    const onButton = target?.tagName === 'BUTTON' || target?.tagName === 'A';
    const view = this.view;
    const seat = this.actor;
    if (!view || seat < 0) return;
    if (e.key === 'h' || e.key === 'H') {
      e.preventDefault();
      this.showHint();
      return;
    }
    if (this.prompt.answerByKey(e.key, this.pending) || this.chooser.takeByKey(e.key)) {
      e.preventDefault();
      return;
    }
    if (playSource(view, seat) === null) return;
    const held = heldCards(view, seat);
    const aimable = aimableTargets(view, seat, this.selection);
    if (/^[1-9]$/.test(e.key) && Number(e.key) <= held.length) {
      e.preventDefault();
      this.tapCard(Number(e.key) - 1);
    } else if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && held.length) {
      e.preventDefault();
      const step = e.key === 'ArrowLeft' ? -1 : 1;
      const from = this.focusCard < 0 ? (step > 0 ? -1 : held.length) : this.focusCard;
      this.setFocus((from + step + held.length) % held.length, null);
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && aimable.length) {
      e.preventDefault();
      const at = this.focusTarget === null ? -1 : aimable.indexOf(this.focusTarget);
      const next = e.key === 'ArrowDown' ? (at + 1) % aimable.length : (at - 1 + aimable.length) % aimable.length;
      this.setFocus(-1, aimable[next]);
    } else if ((e.key === 'Enter' || e.key === ' ') && !onButton) {
      e.preventDefault();
      if (this.focusTarget !== null) {
        // Aimed: the next Enter plays (or the arrows find a second target).
        const target = this.focusTarget;
        this.focusTarget = null;
        this.tapTarget(target);
      } else if (this.focusCard >= 0) this.tapCard(this.focusCard);
      else this.playSelection();
    } else if (e.key === 'Enter' && onButton && this.handButtons.contains(target)) {
      // Enter on a chosen card in the hand's buttons plays it once the play is whole.
      if (completePlay(view, seat, this.selection) && this.selection.card === held[Number(target!.dataset.index)]) {
        e.preventDefault();
        this.playSelection();
      }
    } else if (e.key === 'Escape') {
      this.setFocus(-1, null);
      this.choose(NO_SELECTION);
    }
  };
}
