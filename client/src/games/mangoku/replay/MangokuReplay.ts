/**
 * Mangoku's replay (loaded on demand, with the card table): a record verified by the engine,
 * each step shown on the live game's own screen (table, hand, seats, log, ranking) fed the
 * engine's projection of that step for the chosen perspective. For 'everything', every hand
 * shows in a row above it.
 */
import { mangoku } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import { joined } from '../model/words';
import { fill, h, setAttr } from '../../../ui/dom';
import { lookOf, seatMark } from '../../../ui/seat-look';
import type { PerspectiveOption, ReplayContext, ReplayModule, ReplayShow } from '../../../replay/game-replay';
import { knownRecordSeats, seatOf, seatPerspectives } from '../../../replay/game-replay';
import { animatesStep } from '../../../replay/step-animation';
import { GameScreen } from '../screen/GameScreen';
import { cardRow } from '../ui/card-face';
import { perspectiveOf, replayModel } from './replay-model';

export const mangokuReplay: ReplayModule = {
  open(json, context) {
    const opened = mangoku.openReplay(json);
    return opened.ok ? { ok: true, show: new MangokuReplayShow(opened.replay, context) } : { ok: false, rule: opened.rule, message: opened.message };
  },
};

class MangokuReplayShow implements ReplayShow {
  readonly el: HTMLElement;
  readonly steps: number;
  private readonly screenHost = h('div', { class: 'replay-screen-host' });
  private readonly hands = h('div', { class: 'replay-hands mk-small-cards', hidden: true, dataset: { testid: 'replay-hands' } });
  private screen: GameScreen | null = null;
  private screenFor: mangoku.ReplayPerspective | null = null;
  /** The step on screen (null before the first): only one step on animates, as live play does. */
  private shownStep: number | null = null;

  constructor(
    private readonly replay: mangoku.Replay,
    private readonly context: ReplayContext,
  ) {
    this.steps = replay.steps.length;
    this.el = h('div', { class: 'replay-game-column' }, this.hands, this.screenHost);
  }

  /** In the language of the moment (the viewer asks again when it changes). */
  get perspectives(): readonly PerspectiveOption[] {
    return seatPerspectives(this.replay.record.players, this.context.seats, {
      everything: t('mangoku.replay.everything'),
      spectator: t('mangoku.replay.spectator'),
    });
  }

  turnStep(step: number, direction: 1 | -1): number {
    return mangoku.turnStep(this.replay, step, direction);
  }

  describe(step: number): string {
    const { steps, record } = this.replay;
    const at = steps[step];
    const name = (seat: number) => seatOf(this.context.seats, seat).name;
    const campaign = t('mangoku.replay.campaign', { n: at.campaign + 1, count: record.campaigns.length });
    if (step === steps.length - 1) return t('mangoku.replay.end', { names: joined(record.result.winners.map(name)), count: record.result.winners.length });
    switch (at.kind) {
      case 'deal':
        return t('mangoku.replay.deal', { campaign });
      case 'drawOff':
        return t('mangoku.replay.drawOff', { campaign });
      default: {
        const turn = record.campaigns[at.campaign].turns[at.turn!];
        const what = at.kind === 'play' ? t('mangoku.replay.played') : at.kind === 'take' ? t('mangoku.replay.taken') : t('mangoku.replay.answer');
        return t('mangoku.replay.turn', { campaign, turn: at.turn! + 1, name: name(turn.seat), what });
      }
    }
  }

  show(step: number, value: string): void {
    const perspective = perspectiveOf(value, this.replay.record.players);
    const model = replayModel(this.replay, step, perspective, this.context.seats);
    if (!this.screen || this.screenFor !== perspective) {
      this.screen?.destroy();
      const nothing = () => this.context.notify(t('mangoku.replay.noMoves'));
      this.screen = new GameScreen(
        {
          move: nothing,
          rematch: nothing,
          standIn: nothing,
          resume: nothing,
          leave: () => this.context.home(),
          notify: (text, kind) => this.context.notify(text, kind),
          recordUrl: () => this.context.recordUrl,
          recordSeats: () => knownRecordSeats(this.context.seats),
          watchOnly: true,
        },
        model,
      );
      this.screenFor = perspective;
      fill(this.screenHost, this.screen.el);
    } else this.screen.update(model, animatesStep(this.shownStep, step));
    this.shownStep = step;
    this.showHands(step, perspective);
  }

  /**
   * The log's lines run campaign by campaign, a line per play with its answers and outcomes
   * after it: a line goes to its turn's play, a campaign's line to its deal, an end to its last step.
   */
  stepOfLogLine(line: number): number | null {
    const lines = Array.from(this.el.querySelectorAll<HTMLElement>('[data-testid=log] > li'));
    if (!lines[line]) return null;
    let campaign = -1;
    let turn = -1;
    for (const li of lines.slice(0, line + 1)) {
      if (li.dataset.kind === 'campaign') {
        campaign++;
        turn = -1;
      } else if (li.dataset.kind === 'play') turn++;
    }
    if (campaign < 0) return null;
    const kind = lines[line].dataset.kind;
    if (kind === 'end' || kind === 'result') return mangoku.lastStepOfCampaign(this.replay, campaign);
    if (turn >= 0) return mangoku.stepOfTurn(this.replay, campaign, turn);
    return this.replay.steps.findIndex((s) => s.kind === 'deal' && s.campaign === campaign);
  }

  /** Test and tooling hook: the game screen on show. */
  get gameScreen(): GameScreen | null {
    return this.screen;
  }

  destroy(): void {
    this.screen?.destroy();
    this.el.remove();
  }

  private showHands(step: number, perspective: mangoku.ReplayPerspective): void {
    this.hands.hidden = perspective !== 'everything';
    if (this.hands.hidden) return;
    setAttr(this.hands, 'aria-label', t('mangoku.replay.everyHand'));
    const view = mangoku.viewAt(this.replay, step, 'everything');
    fill(
      this.hands,
      view.hands.map((hand, s) => {
        const seat = seatOf(this.context.seats, s);
        return h(
          'span',
          { class: 'replay-hand', dataset: { testid: 'replay-hand', seat: s, cards: (hand ?? []).join(',') } },
          seatMark(lookOf(seat.colour), 18),
          h('span', { text: seat.name }),
          cardRow(hand ?? []),
        );
      }),
    );
  }
}
