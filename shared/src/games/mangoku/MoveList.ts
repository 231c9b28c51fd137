/**
 * Legal moves as numbers, in a list that is emptied and refilled rather than allocated: the random
 * bot draws from it without building a move object per choice, legalMoves builds the moves from it.
 */
import { CARD_NAMES, CardId } from './cards';
import { ANSWERS, Move, MoveType, PlayChoice, Target } from './state';

/** A play's target that is not there. */
export const NO_SEAT = -1;
/** A play's target that is the centre pile. */
export const CENTRE = -2;

export class MoveList {
  type: MoveType = 'play';
  length = 0;
  /** play and take: the card; answer: the ANSWERS index. */
  readonly what: number[] = [];
  readonly ikki: boolean[] = [];
  /** A play's targets: a seat, CENTRE, or NO_SEAT. */
  readonly first: number[] = [];
  readonly second: number[] = [];

  clear(type: MoveType): void {
    this.type = type;
    this.length = 0;
  }

  add(what: number, ikki = false, first = NO_SEAT, second = NO_SEAT): void {
    const i = this.length++;
    this.what[i] = what;
    this.ikki[i] = ikki;
    this.first[i] = first;
    this.second[i] = second;
  }

  /** Play i's targets, as a play has them (a new array), or undefined. */
  targets(i: number): Target[] | undefined {
    const first = this.first[i];
    if (first === NO_SEAT) return undefined;
    const t: Target = first === CENTRE ? 'centre' : first;
    return this.second[i] === NO_SEAT ? [t] : [t, this.second[i]];
  }

  /** Play i, as the API has it. */
  play(i: number): PlayChoice {
    const card = CARD_NAMES[this.what[i] as CardId];
    if (this.ikki[i]) return { card, ikki: true };
    const targets = this.targets(i);
    return targets ? { card, targets } : { card };
  }

  /** Move i of `seat`, as the API has it. */
  move(i: number, seat: number): Move {
    switch (this.type) {
      case 'play':
        return { type: 'play', seat, play: this.play(i) };
      case 'answer':
        return { type: 'answer', seat, answer: ANSWERS[this.what[i]] };
      case 'take':
        return { type: 'take', seat, card: CARD_NAMES[this.what[i]] };
    }
  }

  /** Every move listed, as the API has them. */
  moves(seat: number): Move[] {
    const moves: Move[] = [];
    for (let i = 0; i < this.length; i++) moves.push(this.move(i, seat));
    return moves;
  }
}
