/**
 * Answers to a prompt (docs/rules/mangoku.md § Reactions, docs/rules/mangoku.md § Online fairness). The game waits until
 * every seat asked has answered; nothing in the state others can see says who has answered what,
 * until the effect resolves and every answer becomes public.
 */
import { Rng } from '../../random';
import { CardId, holdsId, MONK, removeId } from './cards';
import { resolveEffect } from './effects';
import { ACCEPT, ANSWER, answerId, askingOf, DEFEND, EngineState, MONK_ANSWER, NO_ANSWER, NO_PROMPT_ANSWERS, PAY } from './EngineState';
import { fail, MoveError, MoveFailure } from './errors';
import { MoveList } from './MoveList';
import { refillFrom, seatIndex } from './hands';
import { Next } from './prompts';
import { Answer, AnswerRecord, ANSWERS, eventTurn, GameState, logEvent, Move, Prompt, Table } from './state';

/** One list for the functions below, which read it before they return (a new list costs a typed array). */
const SCRATCH = new MoveList();

function holdsMonk(hand: readonly CardId[] | null | undefined): boolean {
  return hand ? holdsId(hand, MONK) : false;
}

/**
 * Lists the answers `seat` may give to an attack or another effect, judged on its own hand,
 * coins and turn.
 */
export function listAnswers(e: EngineState, seat: number, attack: boolean, list: MoveList): void {
  list.clear('answer');
  const choices = answerChoices(e, seat, attack);
  for (let a = 0; a < ANSWERS.length; a++) if ((choices & (1 << a)) !== 0) list.add(a);
}

/**
 * The answers open to `seat`, as bits (answer a, an ANSWERS index, is bit a), listed in ANSWERS
 * order: a Monk (holding one); for an attack, a coin (before their first turn, holding one) and
 * their hand; for another effect, accepting it.
 */
function answerChoices(e: EngineState, seat: number, attack: boolean): number {
  const monk = holdsMonk(e.hands[seat]) ? 1 << MONK_ANSWER : 0;
  if (!attack) return monk | (1 << ACCEPT);
  const pay = e.table.hadTurn[seat] !== true && e.table.coins[seat] > 0 ? 1 << PAY : 0;
  return monk | pay | (1 << DEFEND);
}

/**
 * Lists alone one of the answers listAnswers lists, drawn uniformly by its place in that list
 * (rng.int of their number): the random bot's draw.
 */
export function listDrawnAnswer(e: EngineState, seat: number, attack: boolean, rng: Rng, list: MoveList): void {
  const choices = answerChoices(e, seat, attack);
  let count = 0;
  for (let a = 0; a < ANSWERS.length; a++) if ((choices & (1 << a)) !== 0) count++;
  let k = rng.int(count);
  list.clear('answer');
  for (let a = 0; a < ANSWERS.length; a++) {
    if ((choices & (1 << a)) !== 0 && k-- === 0) return list.add(a);
  }
  throw new Error(`listDrawnAnswer: no answer ${k} past those open`);
}

/** The answers `seat` may give to `prompt`, judged on its own hand, coins and turn. */
export function answerOptions(table: Table, seat: number, prompt: Prompt): Answer[] {
  const list = SCRATCH;
  listAnswers(askingOf(table), seat, prompt.attack, list);
  const answers: Answer[] = [];
  for (let i = 0; i < list.length; i++) answers.push(ANSWERS[list.what(i)]);
  return answers;
}

/** The answer a seat gives when its time runs out: defend for an attack, accept otherwise. */
export function defaultAnswer(prompt: Prompt): Answer {
  return prompt.attack ? 'defend' : 'accept';
}

/**
 * The answers given for every seat still to answer when the prompt's time runs out (a room
 * applies them in order); empty when no prompt is waiting.
 */
export function defaultAnswers(table: Table): Move[] {
  const step = table.step;
  if (step.kind !== 'answer') return [];
  const answer = defaultAnswer(step.prompt);
  return step.prompt.seats.flatMap((seat, i) => (table.answers[i] === null ? [{ type: 'answer' as const, seat, answer }] : []));
}

/** Why `seat` may not give `answer` (an ANSWERS index) now, or null. */
export function checkAnswerOf(e: EngineState, seat: number, answer: number): MoveFailure | null {
  if (answer === NO_ANSWER) return fail(MoveError.Malformed, `An answer is one of ${ANSWERS.join(', ')}.`);
  if (e.step !== ANSWER) return fail(MoveError.WrongStep, 'Nobody is asked to answer now.');
  const { seats, attack } = e.prompt!;
  const i = seatIndex(seats, seat);
  if (i < 0) return fail(MoveError.NotAsked);
  if (e.answers[i] !== NO_ANSWER) return fail(MoveError.AlreadyAnswered);
  if ((answer === PAY || answer === DEFEND) && !attack) {
    return fail(MoveError.AnswerWrongKind, `${ANSWERS[answer]} answers an attack; this effect is accepted or cancelled with a Monk.`);
  }
  if (answer === ACCEPT && attack) return fail(MoveError.AnswerWrongKind, 'An attack is answered with a Monk, a coin or your hand.');
  if (answer === MONK_ANSWER && !holdsMonk(e.hands[seat])) return fail(MoveError.NoMonk);
  if (answer === PAY) {
    if (e.table.hadTurn[seat]) return fail(MoveError.PayTooLate);
    if (e.table.coins[seat] <= 0) return fail(MoveError.NoCoin);
  }
  return null;
}

/** Why `seat` may not give `answer` now, or null. */
export function checkAnswer(table: Table, seat: number, answer: Answer): MoveFailure | null {
  return checkAnswerOf(askingOf(table), seat, answerId(answer));
}

/**
 * Records an answer checkAnswerOf allowed. When it is the last one, the prompt resolves: every
 * Monk goes face up onto the discard pile, the effect applies to the others, and whoever holds
 * fewer than 2 cards refills, in seat order from the active player.
 */
export function giveAnswer(e: EngineState<GameState>, seat: number, answer: number): Next {
  if (e.step !== ANSWER) throw new Error('giveAnswer: no prompt');
  const answers = e.answers;
  answers[seatIndex(e.prompt!.seats, seat)] = answer;
  for (let i = 0; i < answers.length; i++) if (answers[i] === NO_ANSWER) return 'wait';
  return resolvePrompt(e, e.prompt!, answers);
}

function resolvePrompt(e: EngineState<GameState>, prompt: Prompt, answers: readonly number[]): Next {
  const state = e.table;
  e.answers = NO_PROMPT_ANSWERS;
  const { seats } = prompt;
  const turn = state.turn!;
  if (turn.answers.length === 0) {
    // The turn's first prompt (most turns have one at most): its answers made at their size (an
    // empty array's first push allocates room for 17).
    const given = new Array<AnswerRecord>(seats.length);
    for (let i = 0; i < seats.length; i++) given[i] = { seat: seats[i], answer: ANSWERS[answers[i]] };
    turn.answers = given;
  } else {
    for (let i = 0; i < seats.length; i++) turn.answers.push({ seat: seats[i], answer: ANSWERS[answers[i]] });
  }
  for (let i = 0; i < seats.length; i++) {
    if (answers[i] !== MONK_ANSWER) continue;
    const seat = seats[i];
    if (!removeId(e.hands[seat]!, MONK)) throw new Error(`resolvePrompt: seat ${seat} has no Monk`);
    e.discard.push(MONK);
    logEvent(state, { type: 'monk', seat, turn: eventTurn(state) });
  }
  // The step stays on the prompt until the effect says what comes next.
  const next = resolveEffect(e, prompt, answers);
  refillFrom(e, state.active);
  return next;
}
