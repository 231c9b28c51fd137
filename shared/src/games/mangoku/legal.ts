/**
 * Legal moves, built by construction in the same terms the checks judge (the tests hold the two
 * to agreement). They run on a full state or on the acting seat's own view.
 */
import { answerOptions } from './reactions';
import { Move, PlayChoice, Table } from './state';
import { playChoicesFor } from './targets';

/** Seats that may act now: the one to play or take, or every seat asked that has not answered. */
export function seatsToAct(table: Table): number[] {
  const step = table.step;
  switch (step.kind) {
    case 'play':
    case 'take':
      return [step.seat];
    case 'answer': {
      // In a view, others' answers read null: every seat asked is listed there.
      const seats: number[] = [];
      for (let i = 0; i < step.prompt.seats.length; i++) if (table.answers[i] === null) seats.push(step.prompt.seats[i]);
      return seats;
    }
    default:
      return [];
  }
}

/** Every distinct play `seat` may put down now (identical cards count once). */
export function legalPlays(table: Table, seat: number): PlayChoice[] {
  const step = table.step;
  if (step.kind !== 'play' || step.seat !== seat) return [];
  const hand = table.hands[seat];
  if (!hand) return [];
  if (step.source === 'taken') return table.taken === null ? [] : playChoicesFor(table, seat, table.taken, hand, true);
  const plays: PlayChoice[] = [];
  // The hand is sorted: equal cards are neighbours, and make the same plays.
  for (let i = 0; i < hand.length; i++) if (i === 0 || hand[i] !== hand[i - 1]) playChoicesFor(table, seat, hand[i], hand, false, plays);
  return plays;
}

/** Every legal move for `seat` now: plays, answers, or cards to take. Empty when it is not to act. */
export function legalMoves(table: Table, seat: number): Move[] {
  const step = table.step;
  switch (step.kind) {
    case 'play':
      return legalPlays(table, seat).map((play) => ({ type: 'play', seat, play }));
    case 'answer': {
      const i = step.prompt.seats.indexOf(seat);
      // A view that does not show the seat's hand cannot tell what it may answer.
      if (i < 0 || table.answers[i] !== null || !table.hands[seat]) return [];
      return answerOptions(table, seat, step.prompt).map((answer) => ({ type: 'answer', seat, answer }));
    }
    case 'take':
      if (step.seat !== seat || !step.options) return [];
      return step.options.map((card) => ({ type: 'take', seat, card }));
    default:
      return [];
  }
}
