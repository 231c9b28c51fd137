/**
 * A hint for a player: the move the greedy bot would make from their seat, and why, as a typed
 * reason a client puts into words. It reads what the greedy bot reads (the seat's own hand and
 * the public table: hand sizes, coins, the discard pile), so the seat's view is enough and no
 * hidden card changes it.
 */
import { Rng } from '../../../random';
import { CARDS, CardName, handBtl, handHnr, IKKI_BTL, removeCard } from '../cards';
import { rivals } from '../hands';
import { legalMoves, seatsToAct } from '../legal';
import { Answer, Move, PlayChoice, Table, Target } from '../state';
import { greedyMove, Judge } from './greedy-bot';

/** Below this an effect is worth next to nothing: the play is chosen for the hand it keeps. */
const SLIGHT = 0.05;

export const HINT_REASON_KINDS = [
  'attack', // an attack (or Ikki) that may put its targets out of the campaign
  'coins', // coins become yours (Bandit, Princess)
  'centre', // the others' coins go to the centre pile (Merchant)
  'honour', // the Emperor: the campaign ends on honour, and yours is likely the highest
  'effect', // another effect worth most now (Ninja, Tea Master, Nobleman, Kabuki, Shrine Maiden)
  'keep', // the card does little: what counts is the hand kept, for defence and honour
  'take', // the card to take (Nobleman, Kabuki): its best play is worth most
  'answer', // the answer to a prompt
] as const;
export type HintReasonKind = (typeof HINT_REASON_KINDS)[number];

export type HintReason =
  | {
      readonly kind: 'attack';
      readonly card: CardName;
      readonly ikki: boolean;
      readonly targets: readonly number[];
      readonly btl: number;
      /** The best chance, in whole percent, that a target cannot hold the attack off and leaves the campaign. */
      readonly odds: number;
    }
  | {
      readonly kind: 'coins';
      readonly card: CardName;
      readonly target: Target;
      /** The coins the target (or the centre pile) has, and how many become yours. */
      readonly has: number;
      readonly gain: number;
      /** No other player has more coins than the target. */
      readonly most: boolean;
    }
  | { readonly kind: 'centre'; readonly card: CardName; readonly coins: number }
  | { readonly kind: 'honour'; readonly card: CardName; readonly hnr: number; readonly odds: number }
  | { readonly kind: 'effect'; readonly card: CardName; readonly targets: readonly Target[] }
  | { readonly kind: 'keep'; readonly card: CardName; readonly btl: number; readonly hnr: number }
  | { readonly kind: 'take'; readonly card: CardName }
  | {
      readonly kind: 'answer';
      readonly answer: Answer;
      /** The prompt's card ('peasant' for an Ikki), who played it, and whether it is an attack. */
      readonly card: CardName;
      readonly by: number;
      readonly attack: boolean;
      /** Your hand's BTL, and the attack's (0 for other effects). */
      readonly btl: number;
      readonly against: number;
      /** The answers that were open to the seat. */
      readonly options: readonly Answer[];
    };

export interface Hint {
  readonly move: Move;
  readonly reason: HintReason;
}

/** Ties are the greedy bot's to break at random; a hint breaks them the same way every time. */
const STEADY: Rng = { int: () => 0 };

/**
 * The greedy bot's move for `seat` and its reason, from `table` (the seat's view, or a full
 * state); null when the seat owes no move. `rng` breaks ties (the same one gives the bot's move).
 */
export function hintFor(table: Table, seat: number, rng: Rng = STEADY): Hint | null {
  if (!seatsToAct(table).includes(seat) || !table.hands[seat]) return null;
  const move = greedyMove(table, seat, rng);
  return { move, reason: reasonFor(table, seat, move) };
}

function reasonFor(table: Table, seat: number, move: Move): HintReason {
  const judge = new Judge(table, seat);
  switch (move.type) {
    case 'take':
      return { kind: 'take', card: move.card };
    case 'answer': {
      const step = table.step as Extract<Table['step'], { kind: 'answer' }>;
      const p = step.prompt;
      const options = legalMoves(table, seat).map((m) => (m as Extract<Move, { type: 'answer' }>).answer);
      return { kind: 'answer', answer: move.answer, card: p.card, by: p.by, attack: p.attack, btl: handBtl(judge.hand), against: p.btl, options };
    }
    case 'play':
      return playReason(table, seat, judge, move.play);
  }
}

function playReason(table: Table, seat: number, judge: Judge, play: PlayChoice): HintReason {
  const kept = judge.hand.slice();
  if (table.step.kind === 'play' && table.step.source === 'hand') removeCard(kept, play.card);
  if (play.ikki) removeCard(kept, 'peasant');
  const card = play.card;
  const targets = play.targets ?? [];
  if (judge.effectValue(play, kept) <= SLIGHT) return { kind: 'keep', card, btl: handBtl(kept), hnr: handHnr(kept) };
  if (play.ikki || CARDS[card].attack > 0) {
    const hit = play.ikki ? rivals(table, seat) : (targets as number[]);
    const btl = play.ikki ? IKKI_BTL : CARDS[card].attack;
    const odds = Math.max(0, ...hit.map((t) => judge.eliminationOdds(t, btl)));
    return { kind: 'attack', card, ikki: !!play.ikki, targets: hit, btl, odds: Math.round(odds * 100) };
  }
  switch (card) {
    case 'bandit':
    case 'princess': {
      const target = targets[0];
      const has = target === 'centre' ? table.centre : table.coins[target];
      const gain = card === 'bandit' ? Math.min(1, has) : Math.floor(has / 2);
      const most = target !== 'centre' && table.coins.every((c, s) => s === seat || c <= has);
      return { kind: 'coins', card, target, has, gain, most };
    }
    case 'merchant':
      return { kind: 'centre', card, coins: table.coins.filter((c, s) => s !== seat && c > 0).length };
    case 'emperor': {
      const hnr = handHnr(kept);
      return { kind: 'honour', card, hnr, odds: Math.round(judge.honourOdds(hnr) * 100) };
    }
    default:
      return { kind: 'effect', card, targets };
  }
}
