/**
 * Samurai's replay (loaded on demand): a record verified by the engine, each step shown on the
 * live game's own screen (board, hand, seats, log, scoring) fed the engine's projection of that
 * step for the chosen perspective. For 'everything', every hand shows in a row above it.
 */
import { openReplay, Replay, ReplayPerspective, stepOfLogEntry, turnStep, viewAt } from '@samurai/shared';
import { language, t } from '../../../i18n/i18n';
import { fill, h, setAttr } from '../../../ui/dom';
import { lookOf, seatMark, SeatLook } from '../../../ui/seat-look';
import type { PerspectiveOption, ReplayContext, ReplayModule, ReplayShow } from '../../../replay/game-replay';
import { knownRecordSeats, seatOf, seatPerspectives } from '../../../replay/game-replay';
import { animatesStep } from '../../../replay/step-animation';
import { logLines } from '../model/words';
import { GameScreen } from '../screen/GameScreen';
import { tileFace } from '../ui/faces';
import { perspectiveOf, replayModel } from './replay-model';

export const samuraiReplay: ReplayModule = {
  open(json, context) {
    const opened = openReplay(json);
    return opened.ok ? { ok: true, show: new SamuraiReplayShow(opened.replay, context) } : { ok: false, rule: opened.rule, message: opened.message };
  },
};

class SamuraiReplayShow implements ReplayShow {
  readonly el: HTMLElement;
  readonly steps: number;
  private readonly screenHost = h('div', { class: 'replay-screen-host' });
  private readonly hands = h('div', { class: 'replay-hands', hidden: true, dataset: { testid: 'replay-hands' } });
  private screen: GameScreen | null = null;
  /** The perspective the screen was built for (a seat's screen has a hand panel, a spectator's none). */
  private screenFor: ReplayPerspective | null = null;
  /** Each seat's hand on show, in seat order, and what it shows: its tiles, in the language and the seat's look it was built in. */
  private readonly shownHands: {
    readonly el: HTMLElement;
    readonly tilesEl: HTMLElement;
    tiles: readonly number[];
    readonly language: string;
    readonly look: SeatLook;
  }[] = [];
  /** The step on screen (null before the first): only one step on animates, as live play does. */
  private shownStep: number | null = null;

  constructor(
    private readonly replay: Replay,
    private readonly context: ReplayContext,
  ) {
    this.steps = replay.steps.length;
    this.el = h('div', { class: 'replay-game-column' }, this.hands, this.screenHost);
  }

  /** In the language of the moment (the viewer asks again when it changes). */
  get perspectives(): readonly PerspectiveOption[] {
    return seatPerspectives(this.replay.record.players, this.context.seats, {
      everything: t('samurai.replay.everything'),
      spectator: t('samurai.replay.spectator'),
    });
  }

  turnStep(step: number, direction: 1 | -1): number {
    return turnStep(this.replay, step, direction);
  }

  describe(step: number): string {
    const { steps, record } = this.replay;
    const at = steps[step];
    const where =
      at.turn < 0
        ? t('samurai.replay.setup')
        : step === steps.length - 1
          ? t('samurai.replay.end')
          : t('samurai.replay.turn', { turn: at.turn + 1, count: record.turns.length });
    const fresh = this.replay.log.slice(step > 0 ? steps[step - 1].logLength : 0, at.logLength);
    if (fresh.length === 0) return where;
    const nameOf = (seat: number) => seatOf(this.context.seats, seat).name;
    return t('samurai.replay.withLog', {
      where,
      lines: logLines(fresh, nameOf)
        .map((l) => l.text)
        .join(' '),
    });
  }

  show(step: number, value: string): void {
    const perspective = perspectiveOf(value, this.replay.record.players);
    const vm = replayModel(this.replay, step, perspective, this.context.seats);
    if (!this.screen || this.screenFor !== perspective) {
      this.screen?.destroy();
      this.screen = new GameScreen(
        {
          send: () => this.context.notify(t('samurai.replay.noMoves')),
          leave: () => this.context.home(),
          notify: (text, kind) => this.context.notify(text, kind),
          recordUrl: () => this.context.recordUrl,
          recordSeats: () => knownRecordSeats(this.context.seats),
          tableBar: h('span'),
          draftHand: () => [],
          saveDraftHand: () => undefined,
          watchOnly: true,
        },
        vm,
      );
      this.screenFor = perspective;
      fill(this.screenHost, this.screen.el);
    } else this.screen.update(vm, animatesStep(this.shownStep, step));
    this.shownStep = step;
    this.showHands(step, perspective);
  }

  stepOfLogLine(line: number): number | null {
    // One line per log entry (the replay adds no private notes).
    return line < this.replay.log.length ? stepOfLogEntry(this.replay, line) : null;
  }

  /** Test and tooling hook: the game screen on show. */
  get gameScreen(): GameScreen | null {
    return this.screen;
  }

  destroy(): void {
    this.screen?.destroy();
    this.el.remove();
  }

  private showHands(step: number, perspective: ReplayPerspective): void {
    this.hands.hidden = perspective !== 'everything';
    if (this.hands.hidden) return;
    setAttr(this.hands, 'aria-label', t('samurai.replay.everyHand'));
    const view = viewAt(this.replay, step, 'everything');
    // A hand is built when first shown and when the language changes (an unnamed seat is "Seat 1");
    // a step changes a tile or two of one hand, or none, and only those tiles are swapped.
    view.hands.forEach((hand, s) => {
      const tiles = hand ?? [];
      const shown = this.shownHands[s];
      if (!shown || shown.language !== language()) {
        const seat = seatOf(this.context.seats, s);
        const look = lookOf(seat.colour);
        // The tiles in a place as wide as a full hand: the row keeps its layout as hands shrink.
        const tilesEl = h(
          'span',
          { class: 'replay-hand-tiles' },
          tiles.map((tile) => tileFace(tile, look)),
        );
        const el = h(
          'span',
          { class: 'replay-hand', dataset: { testid: 'replay-hand', seat: s, tiles: tiles.join(',') } },
          seatMark(look, 18),
          h('span', { text: seat.name }),
          tilesEl,
        );
        if (shown) shown.el.replaceWith(el);
        else this.hands.appendChild(el);
        this.shownHands[s] = { el, tilesEl, tiles: tiles.slice(), language: language(), look };
        return;
      }
      const before = shown.tiles;
      if (before.length === tiles.length && before.every((tile, i) => tile === tiles[i])) return;
      // The tiles that differ lie between those the hands share at either end.
      let start = 0;
      while (start < before.length && start < tiles.length && before[start] === tiles[start]) start++;
      let end = 0;
      while (end < before.length - start && end < tiles.length - start && before[before.length - 1 - end] === tiles[tiles.length - 1 - end]) end++;
      const faces = shown.tilesEl.children;
      for (let i = before.length - end - 1; i >= start; i--) faces[i].remove();
      const next = faces[start] ?? null;
      for (const tile of tiles.slice(start, tiles.length - end)) shown.tilesEl.insertBefore(tileFace(tile, shown.look), next);
      shown.el.dataset.tiles = tiles.join(',');
      shown.tiles = tiles.slice();
    });
  }
}
