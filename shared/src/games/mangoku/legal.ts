/**
 * Legal moves, built by construction in the same terms the checks judge (the tests hold the two
 * to agreement). They run on a full state or on the acting seat's own view.
 */
import { NO_CARD } from './cards';
import { Rng } from '../../random';
import { ANSWER, askingOf, EngineState, NO_ANSWER, PLAY, TAKE } from './EngineState';
import { seatIndex } from './hands';
import { MoveList } from './MoveList';
import { listAnswers, listDrawnAnswer } from './reactions';
import { Move, PlayChoice, Table } from './state';
import { listChoices, listDrawnChoice, listHandChoices } from './targets';

/** One list for the functions below, which read it before they return (a new list costs a typed array). */
const SCRATCH = new MoveList();

/** Seats that may act now: the one to play or take, or every seat asked that has not answered. */
function listSeatsToAct(e: EngineState): number[] {
  const seats: number[] = [];
  if (e.step === PLAY || e.step === TAKE) seats.push(e.seat);
  else if (e.step === ANSWER) {
    // In a view, others' answers read null: every seat asked is listed there.
    const asked = e.prompt!.seats;
    for (let i = 0; i < asked.length; i++) if (e.answers[i] === NO_ANSWER) seats.push(asked[i]);
  }
  return seats;
}

/** The first of seatsToAct, or -1 when nobody may act (a simulation lets the seats act in that order). */
export function firstSeatToAct(e: EngineState): number {
  if (e.step === PLAY || e.step === TAKE) return e.seat;
  if (e.step !== ANSWER) return -1;
  const asked = e.prompt!.seats;
  for (let i = 0; i < asked.length; i++) if (e.answers[i] === NO_ANSWER) return asked[i];
  return -1;
}

/** Seats that may act now: the one to play or take, or every seat asked that has not answered. */
export function seatsToAct(table: Table): number[] {
  return listSeatsToAct(askingOf(table));
}

/** Lists every distinct play `seat` may put down now (identical cards count once). */
function listPlays(e: EngineState, seat: number, list: MoveList): void {
  list.clear('play');
  if (e.step !== PLAY || e.seat !== seat) return;
  const hand = e.hands[seat];
  if (!hand) return;
  if (e.fromTaken) {
    if (e.taken !== NO_CARD) listChoices(e.table, seat, e.taken, hand, true, list);
    return;
  }
  listHandChoices(e.table, seat, hand, list);
}

/** Every distinct play `seat` may put down now (identical cards count once). */
export function legalPlays(table: Table, seat: number): PlayChoice[] {
  const list = SCRATCH;
  listPlays(askingOf(table), seat, list);
  const plays: PlayChoice[] = [];
  for (let i = 0; i < list.length; i++) plays.push(list.play(i));
  return plays;
}

/** Is `seat` asked to answer now, and yet to, in a table that shows its hand? */
function mayAnswer(e: EngineState, seat: number): boolean {
  const i = seatIndex(e.prompt!.seats, seat);
  // A view that does not show the seat's hand cannot tell what it may answer.
  return i >= 0 && e.answers[i] === NO_ANSWER && !!e.hands[seat];
}

/** Lists every legal move for `seat` now: plays, answers, or cards to take. Empty when it is not to act. */
export function listMoves(e: EngineState, seat: number, list: MoveList): void {
  switch (e.step) {
    case PLAY:
      listPlays(e, seat, list);
      return;
    case ANSWER:
      if (mayAnswer(e, seat)) listAnswers(e, seat, e.prompt!.attack, list);
      else list.clear('answer');
      return;
    case TAKE:
      list.clear('take');
      if (e.seat !== seat || !e.options) return;
      for (let i = 0; i < e.options.length; i++) list.add(e.options[i]);
      return;
    default:
      list.clear('play');
  }
}

/**
 * Lists alone one of the moves listMoves lists for `seat`, drawn uniformly by its place in that
 * list (rng.int of their number): the random bot's draw, which a simulation makes without
 * listing every move. False, drawing nothing, when `seat` has no move.
 */
export function listDrawnMove(e: EngineState, seat: number, rng: Rng, list: MoveList): boolean {
  switch (e.step) {
    case PLAY: {
      list.clear('play');
      const hand = e.hands[seat];
      if (e.seat !== seat || !hand || (e.fromTaken && e.taken === NO_CARD)) return false;
      return listDrawnChoice(e.table, seat, hand, e.fromTaken ? e.taken : NO_CARD, rng, list);
    }
    case ANSWER:
      if (!mayAnswer(e, seat)) {
        list.clear('answer');
        return false;
      }
      listDrawnAnswer(e, seat, e.prompt!.attack, rng, list);
      return true;
    case TAKE:
      list.clear('take');
      if (e.seat !== seat || !e.options || e.options.length === 0) return false;
      list.add(e.options[rng.int(e.options.length)]);
      return true;
    default:
      list.clear('play');
      return false;
  }
}

/** Every legal move for `seat` now: plays, answers, or cards to take. Empty when it is not to act. */
export function legalMoves(table: Table, seat: number): Move[] {
  const list = SCRATCH;
  listMoves(askingOf(table), seat, list);
  return list.moves(seat);
}
