/**
 * The benchmark's games, worked out ahead of time: the bench server deals each game from a seed
 * both sides derive from the room code and game number (benchDealingRng), so the harness knows
 * every hand and stack and can script every move with the engine's random bot before the run.
 * During the run a bench client only sends the next scripted frame and waits for the patches:
 * the clients' own CPU stays out of the server's latency.
 */
import { getMessageBytes, Protocol } from '@colyseus/core';
import {
  applyMoveInPlace,
  createGame,
  DEFAULT_ROOM_OPTIONS,
  formatMove,
  GameState,
  gameOptionsOf,
  hasLegalPlay,
  moveToIntent,
  PlayerCount,
  randomBot,
  Rng,
  seatsToAct,
  seededRng,
} from '@samurai/shared';

/** Every bench room has this many players, all at the default options. */
export const BENCH_PLAYERS: PlayerCount = 4;

/** A 32-bit seed from a room code and a game number (FNV-1a). */
export function benchGameSeed(code: string, gameNumber: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${code}#${gameNumber}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash | 0;
}

/** The randomness the bench server deals game `gameNumber` of room `code` from. */
export function benchDealingRng(code: string, gameNumber: number): Rng {
  return seededRng(benchGameSeed(code, gameNumber));
}

export function newBenchGame(code: string, gameNumber: number): GameState {
  return createGame({ players: BENCH_PLAYERS, options: gameOptionsOf(DEFAULT_ROOM_OPTIONS) }, benchDealingRng(code, gameNumber));
}

/** One step of a game: a seat's client sends a frame, or the server passes for a seat that cannot play. */
export type ScriptStep = { readonly kind: 'move'; readonly seat: number; readonly frame: Buffer } | { readonly kind: 'serverPass'; readonly seat: number };

/** A client message frame exactly as colyseus.js sends it (ROOM_DATA, type, msgpack payload). */
export function messageFrame(type: string, payload?: unknown): Buffer {
  return getMessageBytes.raw(Protocol.ROOM_DATA, type, payload);
}

/**
 * Game `gameNumber` of room `code` from deal to end, moved by the random bot (seeded from the
 * same code and number), in the order the server will see the moves. `onStep` sees the engine
 * state after each step (verification replays a game this way).
 */
export function scriptGame(code: string, gameNumber: number, onStep?: (state: GameState, index: number) => boolean | void): ScriptStep[] {
  const state = newBenchGame(code, gameNumber);
  const botRng = seededRng(benchGameSeed(code, -gameNumber));
  const steps: ScriptStep[] = [];
  while (state.phase !== 'over') {
    if (steps.length > 10_000) throw new Error('bench script: the game does not end');
    const seat = seatsToAct(state)[0];
    // The server moves a seat whose only legal move is a pass (its clients must not).
    const serverPasses = state.phase === 'play' && state.turnPlays.length === 0 && !hasLegalPlay(state, seat);
    const move = serverPasses ? ({ type: 'pass', seat } as const) : randomBot.chooseMove(state, seat, botRng);
    const bad = applyMoveInPlace(state, move);
    if (bad) throw new Error(`bench script: ${formatMove(move)} refused: ${bad.error}`);
    if (serverPasses) steps.push({ kind: 'serverPass', seat });
    else {
      const { type, payload } = moveToIntent(move);
      steps.push({ kind: 'move', seat, frame: messageFrame(type, payload) });
    }
    if (onStep?.(state, steps.length - 1) === false) break;
  }
  return steps;
}
