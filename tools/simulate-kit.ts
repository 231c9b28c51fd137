/** What each game's `simulate` shares: its bots and its records, both from the game's contract. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyGameContract } from '@samurai/shared';
import { choiceOption, usageError } from './cli';

/**
 * The bots of --bot (one for every seat, or one per seat) among the contract's levels, and their
 * names. `B` is the engine's bot type: the engine's own loop hands them its whole state, which
 * they read as they read a seat's view.
 */
export function botsOption<B>(contract: AnyGameContract, text: string | undefined, players: number, usage: string): { names: string[]; bots: B[] } {
  const levels = Object.keys(contract.bots);
  const names = (text ?? 'random').split(',');
  if (names.length !== 1 && names.length !== players) usageError(`--bot names one bot, or one per seat (${players})`, usage);
  const seats = Array.from({ length: players }, (_, s) => choiceOption(names[names.length === 1 ? 0 : s], 'bot', levels, 'random', usage));
  return { names: seats, bots: seats.map((level) => contract.bots[level] as B) };
}

/** With --records DIR, writes game `seed`'s record (the contract's, of its finished state) to DIR/game-<seed>.json; else nothing. */
export function recordWriter(contract: AnyGameContract, dir: string | undefined): (seed: number, state: unknown) => void {
  if (!dir) return () => undefined;
  mkdirSync(dir, { recursive: true });
  return (seed, state) => writeFileSync(join(dir, `game-${seed}.json`), `${JSON.stringify(contract.record(state), null, 1)}\n`);
}
