/**
 * The state the rules work on: a Table (a full state, or a view for checks and legal moves) whose
 * cards are small integers (CardId) and whose step is unpacked into plain fields. The rules read
 * and change it; the API reads a Table in (engineOf) and writes a GameState back (writeBack), so
 * states, moves, views and records keep their names. Fields without cards (coins, who is in the
 * campaign, the turn's record, the campaigns, reveals, result…) stay on the table itself, which
 * the rules change in place. A simulation keeps one EngineState for a whole game and writes back
 * only when someone outside the engine looks (see simulate.ts).
 */
import { CARD_INDEX, CARD_NAMES, CardId, cardIds, cardNames, NO_CARD } from './cards';
import { Answer, ANSWERS, GameState, Prompt, Step, StepKind, Table } from './state';

/** StepKind as a number: its index here. */
export const STEP_KINDS = ['deal', 'play', 'answer', 'pick', 'take', 'drawOff', 'over'] as const satisfies readonly StepKind[];
export const [DEAL, PLAY, ANSWER, PICK, TAKE, DRAW_OFF, OVER] = STEP_KINDS.map((_, i) => i);

/** Answer as a number: its index in ANSWERS; NO_ANSWER where none is given (or seen). */
export const [MONK_ANSWER, PAY, DEFEND, ACCEPT] = ANSWERS.map((_, i) => i);
export const NO_ANSWER = -1;
const ANSWER_INDEX: Readonly<Record<Answer, number>> = { monk: MONK_ANSWER, pay: PAY, defend: DEFEND, accept: ACCEPT };

/** The answer's number, or NO_ANSWER for anything that is not an answer. */
export function answerId(answer: unknown): number {
  return typeof answer === 'string' && Object.hasOwn(ANSWER_INDEX, answer) ? ANSWER_INDEX[answer as Answer] : NO_ANSWER;
}

/** The answers while no prompt waits: shared, and frozen, so a write to them fails loudly (ask puts a prompt's own in their place). */
export const NO_PROMPT_ANSWERS = Object.freeze([]) as unknown as number[];

/** A take's `from` when it is the discard pile (a Kabuki). */
export const DISCARD = -1;

const NO_SEATS: readonly number[] = [];

export class EngineState<T extends Table = Table> {
  /** Per seat, sorted; null where the table does not show it. */
  hands: (CardId[] | null)[] = [];
  /** Face-up cards, oldest first. */
  discard: CardId[] = [];
  /** The supply, top first, from supply[supplyTop]. */
  supply: CardId[] = [];
  supplyTop = 0;
  bottom: CardId = NO_CARD;
  /** A card taken and not yet played (or not shown by this view). */
  taken: CardId = NO_CARD;

  /** The step: a STEP_KINDS index, then its fields. */
  step = DEAL;
  /** play, pick, take: whose step it is. */
  seat = -1;
  /** play: the card to play is the one just taken. */
  fromTaken = false;
  /** pick, take: the seat a card is taken from, or DISCARD. */
  from = -1;
  /** take: the cards that may be taken; null where the table does not show them. */
  options: CardId[] | null = null;
  /** drawOff: the tied seats, and whether it is for first place in the game. */
  drawOffSeats: readonly number[] = NO_SEATS;
  forGame = false;
  /** answer: the prompt, as the API has it (it never changes), and its card. */
  prompt: Prompt | null = null;
  promptCard: CardId = NO_CARD;
  /** Per seat of the prompt, the answer given (an ANSWERS index) or NO_ANSWER. */
  answers: number[] = NO_PROMPT_ANSWERS;
  /**
   * The step as the table had it, while it has not changed: writing it back keeps the same
   * object, so a room sees that a prompt still waiting is the same prompt.
   */
  tableStep: Step | null = null;

  constructor(readonly table: T) {}

  /** How many cards are left to draw. */
  supplyLeft(): number {
    return this.supply.length - this.supplyTop;
  }

  /** The top card of the supply, drawn. */
  draw(): CardId {
    return this.supply[this.supplyTop++];
  }

  toDeal(): void {
    this.step = DEAL;
    this.tableStep = null;
  }

  toPlay(seat: number, fromTaken: boolean): void {
    this.step = PLAY;
    this.seat = seat;
    this.fromTaken = fromTaken;
    this.tableStep = null;
  }

  toAnswer(prompt: Prompt, card: CardId): void {
    this.step = ANSWER;
    this.prompt = prompt;
    this.promptCard = card;
    this.tableStep = null;
  }

  toPick(seat: number, from: number): void {
    this.step = PICK;
    this.seat = seat;
    this.from = from;
    this.tableStep = null;
  }

  toTake(seat: number, from: number, options: CardId[] | null): void {
    this.step = TAKE;
    this.seat = seat;
    this.from = from;
    this.options = options;
    this.tableStep = null;
  }

  toDrawOff(seats: readonly number[], forGame: boolean): void {
    this.step = DRAW_OFF;
    this.drawOffSeats = seats;
    this.forGame = forGame;
    this.tableStep = null;
  }

  toOver(): void {
    this.step = OVER;
    this.tableStep = null;
  }
}

/** The working state of a full state or a view (which it never changes: the rules change a GameState's). */
export function engineOf<T extends Table>(table: T): EngineState<T> {
  const e = askingOf(table);
  e.discard = cardIds(table.discard);
  const full = table as Table & Partial<Pick<GameState, 'supply' | 'bottom'>>;
  e.supply = full.supply ? cardIds(full.supply) : [];
  e.bottom = full.bottom ? CARD_INDEX[full.bottom] : NO_CARD;
  return e;
}

/**
 * engineOf for questions only (checks, legal moves, seats to act): without the discard pile and
 * the supply, which no question reads and which cost most to convert (a bot asks once a decision).
 */
export function askingOf<T extends Table>(table: T): EngineState<T> {
  const e = new EngineState(table);
  e.hands = table.hands.map((hand) => (hand ? cardIds(hand) : null));
  e.taken = table.taken === null ? NO_CARD : CARD_INDEX[table.taken];
  const step = table.step;
  switch (step.kind) {
    case 'deal':
      e.toDeal();
      break;
    case 'play':
      e.toPlay(step.seat, step.source === 'taken');
      break;
    case 'answer':
      e.toAnswer(step.prompt, CARD_INDEX[step.prompt.card]);
      break;
    case 'pick':
      e.toPick(step.seat, step.from);
      break;
    case 'take':
      e.toTake(step.seat, step.from === 'discard' ? DISCARD : step.from, step.options ? cardIds(step.options) : null);
      break;
    case 'drawOff':
      e.toDrawOff(step.seats, step.for === 'game');
      break;
    case 'over':
      e.toOver();
      break;
  }
  e.tableStep = step;
  e.answers = table.answers.map(answerId);
  return e;
}

/** The step as the API has it. */
function stepOf(e: EngineState): Step {
  switch (e.step) {
    case DEAL:
      return { kind: 'deal' };
    case PLAY:
      return { kind: 'play', seat: e.seat, source: e.fromTaken ? 'taken' : 'hand' };
    case ANSWER:
      return { kind: 'answer', prompt: e.prompt! };
    case PICK:
      return { kind: 'pick', seat: e.seat, from: e.from };
    case TAKE:
      return { kind: 'take', seat: e.seat, from: e.from === DISCARD ? 'discard' : e.from, options: e.options && cardNames(e.options) };
    case DRAW_OFF:
      return { kind: 'drawOff', seats: e.drawOffSeats, for: e.forGame ? 'game' : 'campaign' };
    default:
      return { kind: 'over' };
  }
}

/** Writes the cards and the step back to the full state the rules changed. */
export function writeBack(e: EngineState<GameState>): void {
  const state = e.table;
  state.hands = e.hands.map((hand) => cardNames(hand!));
  state.discard = cardNames(e.discard);
  state.supply = cardNames(e.supply, e.supplyTop);
  state.bottom = e.bottom === NO_CARD ? null : CARD_NAMES[e.bottom];
  state.taken = e.taken === NO_CARD ? null : CARD_NAMES[e.taken];
  state.step = e.tableStep ?? (e.tableStep = stepOf(e));
  state.answers = e.answers.map((a) => (a === NO_ANSWER ? null : ANSWERS[a]));
}
