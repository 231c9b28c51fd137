/**
 * Answers to a prompt (see *Reactions* and *Online fairness* in RULES.md). The game waits until
 * every seat asked has answered; nothing in the state others can see says who has answered what,
 * until the effect resolves and every answer becomes public.
 */
import { removeCard } from './cards';
import { resolveEffect } from './effects';
import { fail, MoveError, MoveFailure } from './errors';
import { inCampaignFrom, refill } from './hands';
import { Next } from './prompts';
import { Answer, ANSWERS, GameState, logEvent, Move, Prompt, Table } from './state';

/** The answers `seat` may give to `prompt`, judged on its own hand, coins and turn. */
export function answerOptions(table: Table, seat: number, prompt: Prompt): Answer[] {
  const options: Answer[] = [];
  if (table.hands[seat]?.includes('monk')) options.push('monk');
  if (prompt.attack) {
    if (!table.hadTurn[seat] && table.coins[seat] > 0) options.push('pay');
    options.push('defend');
  } else {
    options.push('accept');
  }
  return options;
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

/** Why `seat` may not give `answer` now, or null. */
export function checkAnswer(table: Table, seat: number, answer: Answer): MoveFailure | null {
  if (!(ANSWERS as readonly unknown[]).includes(answer)) return fail(MoveError.Malformed, `An answer is one of ${ANSWERS.join(', ')}.`);
  const step = table.step;
  if (step.kind !== 'answer') return fail(MoveError.WrongStep, 'Nobody is asked to answer now.');
  const i = step.prompt.seats.indexOf(seat);
  if (i < 0) return fail(MoveError.NotAsked);
  if (table.answers[i] !== null) return fail(MoveError.AlreadyAnswered);
  const { attack } = step.prompt;
  if ((answer === 'pay' || answer === 'defend') && !attack) return fail(MoveError.AnswerWrongKind, `${answer} answers an attack; this effect is accepted or cancelled with a Monk.`);
  if (answer === 'accept' && attack) return fail(MoveError.AnswerWrongKind, 'An attack is answered with a Monk, a coin or your hand.');
  if (answer === 'monk' && !table.hands[seat]?.includes('monk')) return fail(MoveError.NoMonk);
  if (answer === 'pay') {
    if (table.hadTurn[seat]) return fail(MoveError.PayTooLate);
    if (table.coins[seat] <= 0) return fail(MoveError.NoCoin);
  }
  return null;
}

/**
 * Records an answer checkAnswer allowed. When it is the last one, the prompt resolves: every
 * Monk goes face up onto the discard pile, the effect applies to the others, and whoever holds
 * fewer than 2 cards refills, in seat order from the active player.
 */
export function giveAnswer(state: GameState, seat: number, answer: Answer): Next {
  const step = state.step;
  if (step.kind !== 'answer') throw new Error('giveAnswer: no prompt');
  state.answers[step.prompt.seats.indexOf(seat)] = answer;
  if (state.answers.includes(null)) return 'wait';
  return resolvePrompt(state, step.prompt, state.answers as Answer[]);
}

function resolvePrompt(state: GameState, prompt: Prompt, answers: readonly Answer[]): Next {
  state.answers = [];
  const { seats } = prompt;
  const given = state.turn!.answers;
  for (let i = 0; i < seats.length; i++) given.push({ seat: seats[i], answer: answers[i] });
  for (let i = 0; i < seats.length; i++) {
    if (answers[i] !== 'monk') continue;
    const seat = seats[i];
    if (!removeCard(state.hands[seat], 'monk')) throw new Error(`resolvePrompt: seat ${seat} has no Monk`);
    state.discard.push('monk');
    logEvent(state, { type: 'monk', seat });
  }
  // The step stays on the prompt until the effect says what comes next.
  const next = resolveEffect(state, prompt, answers);
  refill(state, inCampaignFrom(state, state.active));
  return next;
}
