/** Whole bot games with the log entries the server would publish: for the protocol's tests. */
import { GameState } from '../state';
import { fixtureGame } from '../room-fixture';
import { decodeLogEntry, LogEntry } from './game-log';

/** A whole bot game, every move kept, with the log entries the server would publish. */
export function botGame(players: 2 | 3 | 4, seed: number, setup: 'players' | 'random' = 'players') {
  const game = fixtureGame(players, seed, { setup, captureTiming: seed % 2 ? 'immediate' : 'end-of-turn' });
  let logBefore = game.initialLog;
  const moves = game.steps.map(({ move, before, log }) => {
    const events = log.slice(logBefore.length).map(decodeLogEntry);
    logBefore = log;
    return { move, before, events };
  });
  return { state: game.steps[game.steps.length - 1].after, moves, initial: game.initialLog.map(decodeLogEntry) };
}

/** The log entries of a finished game, built from its turns (a pass is a turn without plays). */
export function entriesOf(state: GameState): LogEntry[] {
  const entries: LogEntry[] = [];
  state.placements.forEach((p) => p.seat !== null && entries.push({ kind: 'piece', seat: p.seat, hex: p.hex, piece: p.piece }));
  for (const turn of state.turns) {
    for (const play of turn.plays) entries.push({ kind: 'play', seat: turn.seat, play });
    for (const c of turn.captures) entries.push({ kind: 'capture', seat: c.seat, hex: c.hex, piece: c.piece });
    entries.push({ kind: turn.plays.length ? 'end' : 'pass', seat: turn.seat });
  }
  return entries;
}
