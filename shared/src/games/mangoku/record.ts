/**
 * Game records in `mangoku-record/1`: export a finished game, read one back and verify it by
 * replaying every deal, play, answer and draw-off through the engine.
 */
import { z } from 'zod';
import { RecordSeat, recordSeatsSchema } from '../../record-seats';
import { applyMoveInPlace } from './apply';
import { applyChanceInPlace } from './chance';
import { CARD_NAMES, CardName, isPlayerCount, PlayerCount } from './cards';
import { MoveError, MoveFailure } from './errors';
import { formatPlayChoice } from './notation';
import { newGame } from './setup';
import { ANSWERS, AnswerRecord, DrawOffRound, GameState, Play, PlayChoice, PROMPT_SECONDS, Step, TurnRecord } from './state';

export const RECORD_FORMAT = 'mangoku-record/1';

export interface CampaignJson {
  readonly first: number;
  /** The shuffled cards in play, top first. */
  readonly deck: readonly CardName[];
  readonly turns: readonly TurnRecord[];
  readonly drawOff?: readonly DrawOffRound[];
  readonly drawOffDecks?: readonly (readonly CardName[])[];
}

export interface ResultJson {
  readonly coins: readonly number[];
  readonly ranking: readonly (readonly number[])[];
  readonly winners: readonly number[];
  readonly drawOff?: readonly DrawOffRound[];
  readonly drawOffDecks?: readonly (readonly CardName[])[];
}

/** A whole game, as docs/rules/mangoku-record.md specifies: everything needed to replay it exactly. */
export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly players: PlayerCount;
  readonly options: { readonly promptSeconds: number };
  readonly firstSeat: number;
  readonly campaigns: readonly CampaignJson[];
  readonly result: ResultJson;
  /** Who sat where (optional, informative: see record-seats.ts). */
  readonly seats?: readonly RecordSeat[];
}

/** The record of a finished game. */
export function exportRecord(state: GameState): GameRecord {
  if (!state.result) throw new Error('exportRecord: the game has not ended');
  const { result } = state;
  return {
    format: RECORD_FORMAT,
    players: state.players,
    options: { promptSeconds: state.options.promptSeconds },
    firstSeat: state.firstSeat,
    campaigns: state.campaigns.map((c) => ({
      first: c.first,
      deck: c.deck.slice(),
      turns: c.turns.slice(),
      ...(c.drawOff.length ? { drawOff: c.drawOff.slice(), drawOffDecks: c.drawOffDecks.map((d) => d.slice()) } : {}),
    })),
    result: {
      coins: result.coins.slice(),
      ranking: result.ranking.map((g) => g.slice()),
      winners: result.winners.slice(),
      drawOff: result.drawOff.slice(),
      ...(result.drawOff.length ? { drawOffDecks: state.resultDrawOffDecks.map((d) => d.slice()) } : {}),
    },
  };
}

// ---- reading ---------------------------------------------------------------------------------

const seat = z.number().int().min(0).max(5);
const card = z.enum(CARD_NAMES);
const target = z.union([seat, z.literal('centre')]);
const playSchema: z.ZodType<Play> = z.lazy(() =>
  z.strictObject({
    card,
    ikki: z.literal(true).optional(),
    targets: z.array(target).min(1).max(2).optional(),
    took: card.optional(),
    then: playSchema.optional(),
  }),
);
const drawOffRounds = z.array(z.array(z.strictObject({ seat, card })).min(1));
const decks = z.array(z.array(card));
const recordSchema = z.strictObject({
  format: z.literal(RECORD_FORMAT),
  players: z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]),
  options: z.strictObject({ promptSeconds: z.number().int().min(PROMPT_SECONDS.min).max(PROMPT_SECONDS.max) }),
  firstSeat: seat,
  campaigns: z
    .array(
      z.strictObject({
        first: seat,
        deck: z.array(card),
        turns: z.array(z.strictObject({ seat, play: playSchema, answers: z.array(z.strictObject({ seat, answer: z.enum(ANSWERS) })).optional() })),
        drawOff: drawOffRounds.optional(),
        drawOffDecks: decks.optional(),
      }),
    )
    .min(1),
  result: z.strictObject({
    coins: z.array(z.number().int().min(0)),
    ranking: z.array(z.array(seat)),
    winners: z.array(seat),
    drawOff: drawOffRounds.optional(),
    drawOffDecks: decks.optional(),
  }),
  seats: recordSeatsSchema.optional(),
});

export const RECORD_ERRORS = [
  'record/shape',
  'record/first',
  'record/seat_order',
  'record/answers',
  'record/took',
  'record/draw_off',
  'record/campaign_over',
  'record/campaign_not_over',
  'record/ended_early',
  'record/not_ended',
  'record/result_differs',
] as const;
/**
 * Why a record is not a valid game, beyond the engine's own move errors:
 * shape: not the JSON shape of docs/rules/mangoku-record.md; first: a campaign's first player is not the one the
 * rules give; seat_order: a turn by a seat not to play; answers: an answer missing, extra, or
 * out of the order asked; took: `took`/`then` missing where a card was taken, or present
 * where none was; draw_off: draw-off rounds that disagree with their decks or are not due;
 * campaign_over: a turn after the campaign ended; campaign_not_over: the turns stop before the
 * campaign ends; ended_early: a campaign after the game ended; not_ended: the game has not
 * ended after the last campaign; result_differs: the result disagrees with the recomputation.
 */
export type RecordError = (typeof RECORD_ERRORS)[number];

export type RecordCheck =
  | { readonly ok: true; readonly record: GameRecord; readonly state: GameState }
  | {
      readonly ok: false;
      /** Index into `campaigns`, when a campaign is at fault. */
      readonly campaign: number | null;
      /** Index into that campaign's `turns`, when a turn is at fault. */
      readonly turn: number | null;
      /** Which play of the turn: "play", "play.then", "play.then.then"... */
      readonly play: string | null;
      readonly rule: MoveError | RecordError;
      readonly message: string;
    };

type Failure = Extract<RecordCheck, { ok: false }>;

class Refusal extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

/** Where in the record something is: campaign, turn, play. */
interface Place {
  readonly campaign: number | null;
  readonly turn: number | null;
  readonly play: string | null;
}

function placeText(place: Place): string {
  let text = place.campaign === null ? 'record' : `campaigns[${place.campaign}]`;
  if (place.turn !== null) text += `.turns[${place.turn}]`;
  if (place.play !== null) text += `.${place.play}`;
  return text;
}

function refuse(place: Place, rule: MoveError | RecordError, message: string): never {
  throw new Refusal({ ok: false, ...place, rule, message: `${placeText(place)}: ${message}` });
}

function refuseMove(place: Place, bad: MoveFailure, what: string): never {
  refuse(place, bad.error, `${what}: ${bad.error}: ${bad.detail}`);
}

/** The step read afresh: TypeScript would otherwise keep a narrowing from before a move. */
function stepOf(state: GameState): Step {
  return state.step;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Where a step of a replay is in the record: its kind, campaign and turn (null outside turns). */
export interface RecordStep {
  readonly kind: 'deal' | 'play' | 'take' | 'answer' | 'drawOff';
  readonly campaign: number;
  readonly turn: number | null;
}

/** Told the state after each step as it is replayed (the replay viewer keeps them); the state is the replay's own, to copy. */
export type StepObserver = (state: GameState, step: RecordStep) => void;

/**
 * Reads a record and verifies it by replaying it through the engine: recomputes every battle,
 * draw-off and the result, and names the campaign, the turn, the play and the rule of the first
 * step that breaks the rules. `observe` sees every step on the way.
 */
export function verifyRecord(json: unknown, observe: StepObserver = () => undefined): RecordCheck {
  const parsed = recordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, campaign: null, turn: null, play: null, rule: 'record/shape', message: `${issue.path.join('.') || 'record'}: ${issue.message}` };
  }
  const record = parsed.data as GameRecord;
  try {
    const state = replay(record, observe);
    return { ok: true, record, state };
  } catch (e) {
    if (e instanceof Refusal) return e.failure;
    throw e;
  }
}

function replay(record: GameRecord, observe: StepObserver): GameState {
  const { players } = record;
  const top: Place = { campaign: null, turn: null, play: null };
  if (!isPlayerCount(players)) refuse(top, 'record/shape', 'players must be 2 to 6');
  if (record.firstSeat >= players) refuse(top, 'record/shape', `firstSeat ${record.firstSeat} with ${players} players`);
  if (record.seats && record.seats.length !== players) refuse(top, 'record/shape', `seats has ${record.seats.length} entries for ${players} players`);
  const state = newGame({ players, options: record.options }, record.firstSeat);
  record.campaigns.forEach((campaign, c) => replayCampaign(state, campaign, c, observe));
  if (state.step.kind === 'drawOff' && state.step.for === 'game') {
    replayDrawOff(state, top, 'result', record.result.drawOff ?? [], record.result.drawOffDecks ?? [], (s) =>
      observe(s, { kind: 'drawOff', campaign: record.campaigns.length - 1, turn: null }),
    );
  } else if ((record.result.drawOff ?? []).length || (record.result.drawOffDecks ?? []).length) {
    refuse(top, 'record/draw_off', 'result: a draw-off for first place is given, but nobody tied for first');
  }
  if (!state.result) refuse(top, 'record/not_ended', 'the game has not ended after the last campaign: every player still has a coin');
  const expected = { coins: state.result.coins, ranking: state.result.ranking, winners: state.result.winners };
  const given = { coins: record.result.coins, ranking: record.result.ranking, winners: record.result.winners };
  if (!sameJson(expected, given)) {
    refuse(top, 'record/result_differs', `result: the record says ${JSON.stringify(given)}, the rules give ${JSON.stringify(expected)}`);
  }
  return state;
}

function replayCampaign(state: GameState, campaign: CampaignJson, c: number, observe: StepObserver): void {
  const place: Place = { campaign: c, turn: null, play: null };
  const before = stepOf(state);
  if (before.kind === 'over' || (before.kind === 'drawOff' && before.for === 'game')) {
    refuse(place, 'record/ended_early', `the game already ended after campaigns[${c - 1}]`);
  }
  if (state.step.kind !== 'deal') refuse(place, 'record/campaign_not_over', `campaigns[${c - 1}] has not ended`);
  if (campaign.first !== state.first) {
    const why = c === 0 ? 'firstSeat' : 'the winner of the campaign before (or, when nobody won, the seat after its last player)';
    refuse(place, 'record/first', `first is seat ${campaign.first}, but seat ${state.first} plays first (${why})`);
  }
  const dealt = applyChanceInPlace(state, { type: 'deal', deck: campaign.deck });
  if (dealt) refuseMove(place, dealt, 'deck');
  observe(state, { kind: 'deal', campaign: c, turn: null });
  campaign.turns.forEach((turn, t) => replayTurn(state, turn, { campaign: c, turn: t, play: null }, (kind) => observe(state, { kind, campaign: c, turn: t })));
  const ended = stepOf(state);
  if (ended.kind === 'drawOff' && ended.for === 'campaign') {
    replayDrawOff(state, place, 'campaign', campaign.drawOff ?? [], campaign.drawOffDecks ?? [], (s) =>
      observe(s, { kind: 'drawOff', campaign: c, turn: null }),
    );
  } else if ((campaign.drawOff ?? []).length || (campaign.drawOffDecks ?? []).length) {
    refuse(place, 'record/draw_off', 'a draw-off is given, but honour did not tie');
  }
  const after = stepOf(state);
  if (after.kind !== 'deal' && after.kind !== 'over' && !(after.kind === 'drawOff' && after.for === 'game')) {
    refuse(place, 'record/campaign_not_over', `the campaign has not ended after its ${campaign.turns.length} turns`);
  }
}

function replayTurn(state: GameState, turn: TurnRecord, place: Place, stepped: (kind: RecordStep['kind']) => void): void {
  if (state.step.kind !== 'play') refuse(place, 'record/campaign_over', 'the campaign has already ended');
  if (turn.seat !== state.active) refuse(place, 'record/seat_order', `seat ${turn.seat} plays, but seat ${state.active} is to play`);
  const answers = turn.answers ?? [];
  let next = 0;
  let play: Play | undefined = turn.play;
  for (let depth = 0; play; depth++) {
    const where: Place = { ...place, play: ['play', ...Array.from({ length: depth }, () => 'then')].join('.') };
    const choice: PlayChoice = { card: play.card, ...(play.ikki ? { ikki: true as const } : {}), ...(play.targets ? { targets: play.targets } : {}) };
    const bad = applyMoveInPlace(state, { type: 'play', seat: turn.seat, play: choice });
    if (bad) refuseMove(where, bad, `seat ${turn.seat} plays ${formatPlayChoice(choice)}`);
    stepped('play');
    while (stepOf(state).kind === 'answer') next = replayAnswers(state, answers, next, where, () => stepped('answer'));
    const step = stepOf(state);
    if (step.kind === 'pick' || step.kind === 'take') {
      if (play.took === undefined || !play.then) refuse(where, 'record/took', `the ${play.card} takes a card: the record must give took and then`);
      const took =
        step.kind === 'pick'
          ? applyChanceInPlace(state, { type: 'pick', card: play.took })
          : applyMoveInPlace(state, { type: 'take', seat: turn.seat, card: play.took });
      if (took) refuseMove(where, took, `took ${play.took}`);
      stepped('take');
      play = play.then;
    } else {
      if (play.took !== undefined || play.then) refuse(where, 'record/took', `the ${play.card} took nothing here, but the record gives took or then`);
      play = undefined;
    }
  }
  if (next < answers.length) {
    refuse(place, 'record/answers', `answers[${next}] and after (${answers.length - next}) were never asked`);
  }
}

/** Feeds the prompt its answers from the record, in the order asked; returns the next index. */
function replayAnswers(state: GameState, answers: readonly AnswerRecord[], from: number, place: Place, answered: () => void): number {
  const step = state.step;
  if (step.kind !== 'answer') throw new Error('replayAnswers: no prompt');
  const asked = step.prompt.seats;
  for (let i = 0; i < asked.length; i++) {
    const given = answers[from + i];
    if (!given) refuse(place, 'record/answers', `the ${step.prompt.card} asks seats ${asked.join(', ')}, but answers[${from + i}] is missing`);
    if (given.seat !== asked[i]) {
      refuse(place, 'record/answers', `answers[${from + i}] is seat ${given.seat}'s, but seat ${asked[i]} is asked next (seat order from the active player)`);
    }
  }
  for (let i = 0; i < asked.length; i++) {
    const { seat, answer } = answers[from + i];
    const bad = applyMoveInPlace(state, { type: 'answer', seat, answer });
    if (bad) refuseMove(place, bad, `answers[${from + i}]: seat ${seat} answers ${answer}`);
    answered();
  }
  return from + asked.length;
}

function replayDrawOff(
  state: GameState,
  place: Place,
  what: 'campaign' | 'result',
  rounds: readonly DrawOffRound[],
  decks: readonly (readonly CardName[])[],
  observe: (state: GameState) => void,
): void {
  const prefix = what === 'result' ? 'result.' : '';
  for (let r = 0; ; r++) {
    const step = stepOf(state);
    if (step.kind !== 'drawOff' || step.for !== (what === 'result' ? 'game' : 'campaign')) break;
    const seats = step.seats;
    if (r >= decks.length) refuse(place, 'record/draw_off', `${prefix}drawOffDecks: seats ${seats.join(', ')} tie, but no deck is given for round ${r}`);
    const bad = applyChanceInPlace(state, { type: 'drawOff', deck: decks[r] });
    if (bad) refuseMove(place, bad, `${prefix}drawOffDecks[${r}]`);
    observe(state);
    const drawn = what === 'result' ? state.resultDrawOff[r] : state.campaigns[state.campaigns.length - 1].drawOff[r];
    if (!sameJson(rounds[r], drawn)) {
      refuse(place, 'record/draw_off', `${prefix}drawOff[${r}] is ${JSON.stringify(rounds[r] ?? null)}, but the deck gives ${JSON.stringify(drawn)}`);
    }
    const now = stepOf(state);
    const settled = now.kind !== 'drawOff' || now.for !== step.for;
    if (settled && (rounds.length > r + 1 || decks.length > r + 1)) {
      refuse(place, 'record/draw_off', `${prefix}drawOff: round ${r} settles the tie, but more rounds are given`);
    }
  }
}
