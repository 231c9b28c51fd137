/**
 * Mangoku as the table runs it (shared/src/table/game-contract.ts): the engine's functions under
 * the one contract every game implements. Chance that follows a move (a Tea Master's pick, a
 * draw-off) is settled with it; what waits for time is a timer: a prompt (its default answers
 * when it runs out), a reveal on show (hidden), a new campaign's deal (due at once, so the end of
 * the last one goes out first). The public history, as the room sends it, is kept beside the
 * engine's state.
 */
import type { ApplyResult, GameContract, GameTimer, MoveRefusal } from '../../table/game-contract';
import { applyMoveInPlace, checkMove } from './apply';
import { BOTS } from './bots';
import { expertMove } from './bots/expert-bot';
import { randomBot } from './bots/random-bot';
import { applyChanceInPlace, awaitsChance } from './chance';
import { formatMove, parseMove } from './notation';
import { GameView, hideReveal, viewFor } from './projection';
import { dealDue, settleUntilDeal } from './protocol/chance-timing';
import { encodeHistoryEntry, HistoryCursor, newHistoryCursor, newHistoryEntries } from './protocol/history';
import { GameIntent, intentToMove, moveToIntent } from './protocol/messages';
import type { ClientRoomState } from './protocol/room-state';
import { viewFromRoomState } from './protocol/view-from-room-state';
import { gameOptionsOf, RoomOptions } from './protocol/options';
import { defaultAnswers } from './reactions';
import { exportRecord, verifyRecord } from './record';
import { legalMoves, seatsToAct } from './legal';
import { createGame, newGame } from './setup';
import { CardName, PlayerCount } from './cards';
import { Chance, GameOptions, GameState, Move, REVEAL_SECONDS } from './state';

/** A room's game of Mangoku: the engine's state and its public history as sent. */
export interface MangokuTable {
  game: GameState;
  /** The history entries sent so far (encodeHistoryEntry's), in the order they happened. */
  readonly log: string[];
  /** How much of the game's history `log` holds. */
  readonly history: HistoryCursor;
}

/** What one viewer may know of a room's game: the engine's view and the history. */
export interface MangokuTableView extends GameView {
  readonly log: readonly string[];
}

/**
 * One change of the game as the room's log keeps it: a move (a person's, a bot's, or a default
 * answer when a prompt's time ran out) with the chance outcomes that followed it; a new
 * campaign's deal; or a reveal hidden when its time ran out.
 */
export type MangokuStep = { readonly move: Move; readonly chance: readonly Chance[] } | { readonly deal: Chance } | { readonly hide: number };

/** A game's deal as the room's log keeps it. */
interface Deal {
  readonly players: PlayerCount;
  readonly options: GameOptions;
  readonly firstSeat: number;
  readonly deck: readonly CardName[];
}

/** What `snapshot` writes: the engine's whole state (plain JSON), the step played last, and the history as sent. */
interface Snapshot {
  readonly state: GameState;
  readonly last: MangokuStep | null;
  readonly log: readonly string[];
}

const NO_SEATS: readonly number[] = [];
const DEAL_TIMER = 'deal';

function unreplayable(detail: string): MoveRefusal {
  return { ok: false, error: 'unreplayable', detail };
}

/** The history the game's latest change added, onto the log (from the public view: nothing hidden goes in). */
function logged(t: MangokuTable): ApplyResult<MangokuTable> {
  for (const entry of newHistoryEntries(viewFor(t.game, 'spectator').campaigns, t.history)) t.log.push(encodeHistoryEntry(entry));
  return { ok: true, state: t };
}

function table(game: GameState, log: readonly string[] = []): MangokuTable {
  const t: MangokuTable = { game, log: [], history: newHistoryCursor() };
  logged(t);
  if (log.length) t.log.splice(0, t.log.length, ...log); // resumed: the history as it was sent, not regrouped
  return t;
}

function replay(t: MangokuTable, step: MangokuStep): ApplyResult<MangokuTable> {
  const game = t.game;
  if ('hide' in step) {
    if (!game.reveals.some((r) => r.id === step.hide)) return unreplayable(`no reveal ${step.hide} to hide`);
    t.game = hideReveal(game, step.hide);
    return logged(t);
  }
  if ('deal' in step) {
    if (step.deal.type !== 'deal') return unreplayable('a deal that is not one');
    const refused = applyChanceInPlace(game, step.deal);
    return refused ?? logged(t);
  }
  const bad = applyMoveInPlace(game, step.move);
  if (bad) return bad;
  for (const chance of step.chance) {
    const refused = applyChanceInPlace(game, chance);
    if (refused) return refused;
  }
  if (awaitsChance(game) && game.step.kind !== 'deal') return unreplayable('chance the log does not give');
  return logged(t);
}

export const mangokuContract: GameContract<MangokuTable, Move, GameView, RoomOptions, MangokuStep, MangokuTableView> = {
  name: 'mangoku',
  setup: (options, rng) => table(createGame({ players: options.players, options: gameOptionsOf(options) }, rng)),
  dealOf: ({ game }) =>
    JSON.stringify({ players: game.players, options: game.options, firstSeat: game.firstSeat, deck: game.campaigns[0].deck } satisfies Deal),
  fromDeal: (text) => {
    const deal = JSON.parse(text) as Deal;
    const game = newGame({ players: deal.players, options: deal.options }, deal.firstSeat);
    const dealt = applyChanceInPlace(game, { type: 'deal', deck: deal.deck });
    if (dealt) throw new Error(`the deal does not replay: ${dealt.error} (${dealt.detail})`);
    return table(game);
  },

  intent: (type, payload, seat) => intentToMove(type as GameIntent, payload, seat),
  legal: (t, move) => checkMove(t.game, move),
  apply: (t, move) => applyMoveInPlace(t.game, move) ?? { ok: true, state: t },
  settle: (t, move, rng) => {
    const step = { move, chance: settleUntilDeal(t.game, rng) };
    logged(t);
    return step;
  },
  replay,
  drawsAfterDeal: true,
  timers: ({ game }) => {
    const timers: GameTimer[] = [];
    // The prompt object is the key: a new prompt gets its full time, whoever is asked.
    if (game.step.kind === 'answer') timers.push({ key: game.step.prompt, name: 'prompt', ms: game.options.promptSeconds * 1000 });
    if (game.step.kind === 'deal') timers.push({ key: DEAL_TIMER, name: DEAL_TIMER, ms: 0 });
    for (const r of game.reveals) timers.push({ key: `reveal:${r.id}`, name: `reveal:${r.id}`, ms: REVEAL_SECONDS * 1000 });
    return timers;
  },
  timeUp: (t, key, rng) => {
    const steps: MangokuStep[] = [];
    if (key === DEAL_TIMER) {
      const deal = dealDue(t.game, rng);
      if (deal) {
        steps.push({ deal });
        logged(t);
      }
    } else if (typeof key === 'string') {
      const id = Number(key.slice('reveal:'.length));
      t.game = hideReveal(t.game, id);
      steps.push({ hide: id });
      logged(t);
    } else {
      // Everyone who has not answered gets the default answer, in the order asked.
      for (const move of defaultAnswers(t.game)) {
        const failure = applyMoveInPlace(t.game, move);
        if (failure) throw new Error(`default answer refused: ${failure.error} (${failure.detail})`);
        steps.push(mangokuContract.settle(t, move, rng));
      }
    }
    return { state: t, steps };
  },

  phase: ({ game }) => (game.step.kind === 'over' ? 'over' : 'play'),
  seatsToAct: ({ game }) => (game.step.kind === 'over' ? NO_SEATS : seatsToAct(game)),
  // A prompt is nobody's to hold up (it ends when its time runs out), and who has answered it is
  // nobody else's business: while one is pending, nobody owes.
  owing: ({ game }) => (game.step.kind === 'over' || game.step.kind === 'answer' ? NO_SEATS : seatsToAct(game)),
  // Only bots (and stand-ins) are moved by the server: never a person, even one with a single answer open.
  forcedMove: () => null,
  bots: BOTS,
  fallbackBot: randomBot,
  searchingBots: { levels: ['expert'], quickLevel: 'greedy', answersPrompt: ({ game }) => game.step.kind === 'answer', think: expertMove },

  view: (t, viewer) => viewFor(t.game, viewer),
  roomView: (t, viewer) => {
    // The log added to the view as it is (a spread of a whole view would cost more than building it).
    const view = viewFor(t.game, viewer) as GameView & { log: readonly string[] };
    view.log = t.log;
    return view;
  },

  record: ({ game }) => (game.result ? exportRecord(game) : null),
  verifyRecord: (json) => verifyRecord(json),
  summary: ({ game }) => (game.result ? { winners: game.result.winners, coins: game.result.coins } : null),
  formatMove,
  parseMove,

  snapshot: (t, last) => JSON.stringify({ state: t.game, last, log: t.log } satisfies Snapshot),
  resume: (saved) => {
    const s = saved as Snapshot;
    const state = s?.state as Partial<GameState> | undefined;
    if (
      !state ||
      typeof state !== 'object' ||
      !Array.isArray(state.hands) ||
      !Array.isArray(state.campaigns) ||
      !Array.isArray(state.supply) ||
      !state.step ||
      !Array.isArray(s.log)
    ) {
      throw new Error('not a Mangoku snapshot');
    }
    return { state: table(s.state, s.log), last: s.last };
  },

  viewFromRoom: (state, viewer) => viewFromRoomState(state as ClientRoomState, viewer)?.view ?? null,
  owesChoice: (view, seat) => view.hands[seat] !== null && view.hands[seat] !== undefined && legalMoves(view, seat).length > 0,
  request: moveToIntent,
};
