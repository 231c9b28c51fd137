/**
 * Legal moves as numbers, in a list that is emptied and refilled rather than allocated: the random
 * bot draws from it without building a move object per choice, legalMoves builds the moves from it.
 */
import { CARD_INDEX, CARD_NAMES, CardId } from './cards';
import { ANSWERS, Move, MOVE_TYPES, MoveType, PlayChoice, Target } from './state';

/** A play's target that is not there. */
export const NO_SEAT = -1;
/** A play's target that is the centre pile. */
export const CENTRE = -2;

/** A move's fields in one integer (see MoveList). */
function pack(what: number, ikki = false, first = NO_SEAT, second = NO_SEAT): number {
  return what | (ikki ? 32 : 0) | ((first + 2) << 6) | ((second + 2) << 10);
}

/**
 * More moves than any seat ever has: plays of at most 3 distinct cards, none with more than a
 * Commander's 15 (5 rivals, 10 pairs); takes of at most the 14 card names.
 */
const CAPACITY = 64;

/**
 * The moves listed, each packed into one integer (no array per field, no object per move): what
 * (a card or an ANSWERS index) in bits 0-4, the Ikki in bit 5, the first and second targets (+2,
 * so that NO_SEAT and CENTRE fit) in bits 6-9 and 10-13.
 */
export class MoveList {
  type: MoveType = 'play';
  length = 0;
  private readonly packed = new Int32Array(CAPACITY);

  clear(type: MoveType): void {
    this.type = type;
    this.length = 0;
  }

  add(what: number, ikki = false, first = NO_SEAT, second = NO_SEAT): void {
    if (this.length === CAPACITY) throw new Error('MoveList: more moves than it holds');
    this.packed[this.length++] = pack(what, ikki, first, second);
  }

  /** Move i as one integer, its type included: the same move, the same key, whatever the list (a search's). */
  key(i: number): number {
    return (MOVE_TYPES.indexOf(this.type) << 14) | this.packed[i];
  }

  /** The key a list gives `move` (MoveList.key), from the move as the API has it. */
  static keyOf(move: Move): number {
    const type = MOVE_TYPES.indexOf(move.type) << 14;
    if (move.type === 'answer') return type | pack(ANSWERS.indexOf(move.answer));
    if (move.type === 'take') return type | pack(CARD_INDEX[move.card]);
    const { card, ikki, targets } = move.play;
    const seat = (t: Target | undefined) => (t === undefined ? NO_SEAT : t === 'centre' ? CENTRE : t);
    return type | pack(CARD_INDEX[card], ikki === true, seat(targets?.[0]), seat(targets?.[1]));
  }

  /** play and take: move i's card; answer: its ANSWERS index. */
  what(i: number): number {
    return this.packed[i] & 31;
  }

  ikki(i: number): boolean {
    return (this.packed[i] & 32) !== 0;
  }

  /** Move i's first target: a seat, CENTRE, or NO_SEAT. */
  first(i: number): number {
    return ((this.packed[i] >> 6) & 15) - 2;
  }

  /** Move i's second target: a seat, or NO_SEAT. */
  second(i: number): number {
    return ((this.packed[i] >> 10) & 15) - 2;
  }

  /** Play i's targets, as a play has them (a new array), or undefined. */
  targets(i: number): Target[] | undefined {
    const first = this.first(i);
    if (first === NO_SEAT) return undefined;
    const t: Target = first === CENTRE ? 'centre' : first;
    const second = this.second(i);
    return second === NO_SEAT ? [t] : [t, second];
  }

  /** Play i, as the API has it. */
  play(i: number): PlayChoice {
    const card = CARD_NAMES[this.what(i) as CardId];
    if (this.ikki(i)) return { card, ikki: true };
    const targets = this.targets(i);
    return targets ? { card, targets } : { card };
  }

  /** Move i of `seat`, as the API has it. */
  move(i: number, seat: number): Move {
    switch (this.type) {
      case 'play':
        return { type: 'play', seat, play: this.play(i) };
      case 'answer':
        return { type: 'answer', seat, answer: ANSWERS[this.what(i)] };
      case 'take':
        return { type: 'take', seat, card: CARD_NAMES[this.what(i)] };
    }
  }

  /** Every move listed, as the API has them. */
  moves(seat: number): Move[] {
    const moves: Move[] = [];
    for (let i = 0; i < this.length; i++) moves.push(this.move(i, seat));
    return moves;
  }
}
