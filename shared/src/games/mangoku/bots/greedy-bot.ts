/**
 * A bot that weighs each choice by what it is worth in coins to it, counting a coin taken from
 * another player as worth to it (the game is won on coins), and its share of the centre pile
 * by its chance of winning the campaign. It reads only its own hand and the public table (plus
 * the hands shown to it, which it does not use).
 */
import { Rng } from '../../../random';
import { BTL_OF, CARD_INDEX, CARD_NAMES, cardIdsInPlay, CARDS, CardName, countOf, handBtl, handHnr, HNR_OF, IKKI_BTL, MONK, removeCard } from '../cards';
import { rivals } from '../hands';
import { legalMoves, legalPlays } from '../legal';
import { GameView } from '../projection';
import { Answer, GameState, Move, PlayChoice, Prompt, Table, Target } from '../state';
import { Bot } from './bot';

/**
 * Per card (by id): how many of it this seat has not seen, the cards in play less its hand, the
 * face-up discard and a card taken in sight. Counted, not listed: this runs at every decision of
 * the greedy bot, which plays every seat of the expert's rollouts.
 */
function unseenCounts(table: Table, seat: number): number[] {
  const counts = new Array<number>(CARD_NAMES.length).fill(0);
  for (const c of cardIdsInPlay(table.players)) counts[c]++;
  const seen = (card: CardName) => {
    const id = CARD_INDEX[card];
    if (counts[id] > 0) counts[id]--;
  };
  for (const c of table.hands[seat] ?? []) seen(c);
  for (const c of table.discard) seen(c);
  if (table.taken) seen(table.taken);
  return counts;
}

function handSize(table: Table, seat: number): number {
  const counts = (table as Partial<GameView>).handCounts;
  return counts ? counts[seat] : (table.hands[seat]?.length ?? 0);
}

function supplyLeft(table: Table): number {
  const t = table as Partial<GameView> & Partial<GameState>;
  return t.supplyCount ?? t.supply?.length ?? 0;
}

/**
 * What a hidden hand of 1 or 2 cards drawn from the unseen cards is like, as counts over all
 * such hands: by BTL (Monk-less hands only), by HNR, and how many hold a Monk.
 */
/** The most BTL, or HNR, two cards have (Warlord and Commander; Emperor and Shrine Maiden or Nobleman). */
const MOST_OF_TWO = 10;

class HiddenHands {
  readonly total: number[] = [0, 0, 0];
  readonly monk: number[] = [0, 0, 0];
  /** [size][btl]: hands without a Monk. */
  readonly weakBtl: number[][] = [0, 1, 2].map(() => new Array<number>(MOST_OF_TWO + 1).fill(0));
  /** [size][hnr]. */
  readonly hnr: number[][] = [0, 1, 2].map(() => new Array<number>(MOST_OF_TWO + 1).fill(0));

  /** From the unseen cards, as counts per card: the hands of each kind of card, and each pair of kinds. */
  constructor(unseen: readonly number[]) {
    const add = (size: number, btl: number, hnr: number, monk: boolean, hands: number) => {
      this.total[size] += hands;
      if (monk) this.monk[size] += hands;
      else this.weakBtl[size][btl] += hands;
      this.hnr[size][hnr] += hands;
    };
    add(0, 0, 0, false, 1);
    for (let i = 0; i < unseen.length; i++) {
      const n = unseen[i];
      if (n === 0) continue;
      add(1, BTL_OF[i], HNR_OF[i], i === MONK, n);
      add(2, 2 * BTL_OF[i], 2 * HNR_OF[i], i === MONK, (n * (n - 1)) / 2);
      for (let j = i + 1; j < unseen.length; j++) {
        if (unseen[j] > 0) add(2, BTL_OF[i] + BTL_OF[j], HNR_OF[i] + HNR_OF[j], i === MONK || j === MONK, n * unseen[j]);
      }
    }
  }

  private size(n: number): number {
    return Math.min(2, n);
  }

  /** Odds such a hand holds a Monk. */
  monkOdds(cards: number): number {
    const n = this.size(cards);
    return this.total[n] ? this.monk[n] / this.total[n] : 0;
  }

  /** Odds it holds no Monk and has less than `btl` BTL. */
  weakOdds(cards: number, btl: number): number {
    const n = this.size(cards);
    let hits = 0;
    for (let b = 0; b < btl && b < this.weakBtl[n].length; b++) hits += this.weakBtl[n][b] ?? 0;
    return this.total[n] ? hits / this.total[n] : 0;
  }

  /** Odds its HNR is below `hnr`, a tie counting half. */
  belowOdds(cards: number, hnr: number): number {
    const n = this.size(cards);
    let hits = 0;
    for (let h = 0; h < hnr && h < this.hnr[n].length; h++) hits += this.hnr[n][h] ?? 0;
    hits += (this.hnr[n][hnr] ?? 0) / 2;
    return this.total[n] ? hits / this.total[n] : 1;
  }
}

/** What this seat knows and values, worked out once per decision. */
export class Judge {
  readonly hidden: HiddenHands;
  readonly others: number;
  readonly inCampaign: number;
  readonly hand: CardName[];
  readonly monkOdds: number[];

  constructor(
    readonly table: Table,
    readonly seat: number,
  ) {
    this.hidden = new HiddenHands(unseenCounts(table, seat));
    this.others = table.players - 1;
    this.inCampaign = table.inCampaign.filter(Boolean).length;
    this.hand = (table.hands[seat] ?? []).slice();
    this.monkOdds = table.coins.map((_, s) => (s === seat ? 0 : this.hidden.monkOdds(handSize(table, s))));
  }

  /** A coin moved from `from` to `to` (null: the centre pile), in coins to this seat. */
  coinValue(from: number | null, to: number | null): number {
    const worth = (s: number | null) => (s === null ? this.potShare() : s === this.seat ? 1 : -1 / this.others);
    return worth(to) - worth(from);
  }

  /** What a coin in the centre pile is worth to this seat now. */
  potShare(p = this.winOdds()): number {
    return p - (1 - p) / this.others;
  }

  winOdds(players = this.inCampaign): number {
    return this.table.inCampaign[this.seat] ? 1 / Math.max(1, players) : 0;
  }

  /** Value of one more rival out of the campaign: a bigger share of the pile. */
  eliminationValue(): number {
    const k = this.inCampaign;
    if (k <= 1 || !this.table.inCampaign[this.seat]) return 0;
    return this.table.centre * (this.potShare(this.winOdds(k - 1)) - this.potShare()) + 0.3;
  }

  /** Odds that an attack of `btl` on `target` eliminates them (no Monk, no coin paid, a weak hand). */
  eliminationOdds(target: number, btl: number): number {
    const weak = this.hidden.weakOdds(handSize(this.table, target), btl);
    const canPay = !this.table.hadTurn[target] && this.table.coins[target] > 0;
    return weak * (canPay ? 0.5 : 1);
  }

  attackValue(targets: readonly number[], btl: number): number {
    return targets.reduce((v, t) => v + this.eliminationOdds(t, btl) * this.eliminationValue(), 0);
  }

  /** Odds the given rivals would all have less honour than `hnr` (a tie counts half). */
  honourOdds(hnr: number): number {
    let p = 1;
    for (const s of rivals(this.table, this.seat)) p *= this.hidden.belowOdds(handSize(this.table, s), hnr);
    return p;
  }

  /** What putting down `play` brings at once, before what the hand keeps. */
  effectValue(play: PlayChoice, kept: readonly CardName[]): number {
    const t = this.table;
    const targets = (play.targets ?? []) as Target[];
    const accepts = (s: number) => 1 - this.monkOdds[s];
    if (play.ikki) return this.attackValue(rivals(t, this.seat), IKKI_BTL);
    switch (play.card) {
      case 'captain':
      case 'commander':
      case 'warlord':
        return this.attackValue(targets as number[], CARDS[play.card].attack);
      case 'bandit': {
        const s = targets[0] as number;
        return t.coins[s] > 0 ? accepts(s) * this.coinValue(s, this.seat) : 0;
      }
      case 'merchant':
        return t.coins.reduce((v, c, s) => (s !== this.seat && c > 0 ? v + accepts(s) * this.coinValue(s, null) : v), 0);
      case 'princess': {
        const target = targets[0];
        if (target === 'centre') return Math.floor(t.centre / 2) * this.coinValue(null, this.seat);
        return accepts(target) * Math.floor(t.coins[target] / 2) * this.coinValue(target, this.seat);
      }
      case 'ninja': {
        const s = targets[0] as number;
        // With nothing left to draw, the Ninja's target is out of the campaign.
        return targets.length ? accepts(s) * (supplyLeft(t) === 0 ? this.eliminationValue() : 0.2) : 0;
      }
      case 'teamaster':
      case 'nobleman':
        return targets.length ? accepts(targets[0] as number) * 0.7 : 0;
      case 'kabuki':
        return t.discard.some((c) => c !== 'kabuki') ? 0.6 : 0;
      case 'emperor': {
        const now = this.honourOdds(handHnr(kept));
        return t.centre * (this.potShare(now) - this.potShare()) * (1 + 1 / this.others);
      }
      default:
        return 0;
    }
  }

  /** What the cards kept in hand are worth: defence, a Monk, and honour as the supply runs out. */
  keptValue(kept: readonly CardName[]): number {
    const supply = supplyLeft(this.table);
    const honourWeight = 0.05 + 0.4 / (1 + supply);
    const defence = Math.min(handBtl(kept), 5) * 0.12 + (kept.includes('monk') ? 0.5 : 0);
    const emperor = kept.includes('emperor') ? 0.3 : 0;
    return defence + handHnr(kept) * honourWeight + emperor;
  }

  playValue(play: PlayChoice, fromHand: boolean): number {
    const kept = this.hand.slice();
    if (fromHand) removeCard(kept, play.card);
    if (play.ikki) removeCard(kept, 'peasant');
    return this.effectValue(play, kept) + this.keptValue(kept);
  }

  /** How much the prompt's effect would cost this seat if it applied. */
  harm(prompt: Prompt): number {
    const t = this.table;
    const coins = t.coins[this.seat];
    switch (prompt.card) {
      case 'bandit':
        return coins > 0 ? -this.coinValue(this.seat, prompt.by) : 0;
      case 'merchant':
        return coins > 0 ? -this.coinValue(this.seat, null) : 0;
      case 'princess':
        return Math.floor(coins / 2) * -this.coinValue(this.seat, prompt.by);
      case 'ninja':
        return supplyLeft(t) === 0 ? 2 : handBtl(this.hand) / 4;
      case 'teamaster':
      case 'nobleman':
        return 1;
      default:
        return 0;
    }
  }

  answer(prompt: Prompt, options: readonly Answer[]): Answer {
    const has = (a: Answer) => options.includes(a);
    if (prompt.attack) {
      if (handBtl(this.hand) >= prompt.btl) return 'defend';
      if (has('monk')) return 'monk';
      const staying = this.table.centre * this.winOdds() * (1 + 1 / this.others);
      if (has('pay') && staying + 0.4 > 1) return 'pay';
      return 'defend';
    }
    return has('monk') && this.harm(prompt) > 0.8 ? 'monk' : 'accept';
  }
}

/** Keeps the best candidate seen, choosing uniformly among ties. */
function pickBest<T>(candidates: readonly T[], value: (c: T) => number, rng: Rng): T {
  let best: T = candidates[0];
  let bestValue = -Infinity;
  let ties = 0;
  for (const c of candidates) {
    const v = value(c);
    if (v > bestValue + 1e-9) {
      best = c;
      bestValue = v;
      ties = 1;
    } else if (v >= bestValue - 1e-9 && rng.int(++ties) === 0) {
      best = c;
    }
  }
  return best;
}

export function greedyMove(table: Table, seat: number, rng: Rng): Move {
  const step = table.step;
  const judge = new Judge(table, seat);
  if (step.kind === 'play' && step.seat === seat) {
    const plays = legalPlays(table, seat);
    const play = pickBest(plays, (p) => judge.playValue(p, step.source === 'hand'), rng);
    return { type: 'play', seat, play };
  }
  if (step.kind === 'answer') {
    const moves = legalMoves(table, seat);
    const options = moves.map((m) => (m as Extract<Move, { type: 'answer' }>).answer);
    return { type: 'answer', seat, answer: judge.answer(step.prompt, options) };
  }
  if (step.kind === 'take' && step.seat === seat && step.options) {
    // The card whose best play is worth most, as if it were in hand.
    const value = (card: CardName) => {
      const asTable = { ...table, step: { kind: 'play', seat, source: 'taken' }, taken: card } as Table;
      const best = legalPlays(asTable, seat).reduce((v, p) => Math.max(v, judge.effectValue(p, judge.hand)), -Infinity);
      return best + (countOf(judge.hand, card) ? 0 : 0.01);
    };
    return { type: 'take', seat, card: pickBest(step.options, value, rng) };
  }
  throw new Error(`greedy bot: seat ${seat} has nothing to do in step ${step.kind}`);
}

export const greedyBot: Bot = { name: 'greedy', chooseMove: greedyMove };
