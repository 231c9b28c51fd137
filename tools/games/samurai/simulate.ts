/** `simulate --game samurai` (the default): seeded Samurai bot games, summed up. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOT_NAMES, BOTS, CAPTURE_TIMINGS, END_REASONS, exportRecord, playGame, PlayerCount, seededRng, SETUP_MODES, STARTING_HANDS } from '@samurai/shared';
import { choiceOption, intOption, usageError } from '../../cli';

export interface SamuraiSimulateArgs {
  players?: string;
  games?: string;
  seed?: string;
  bot?: string;
  'capture-timing'?: string;
  'starting-hands'?: string;
  setup?: string;
  records?: string;
}

export function simulateSamurai(values: SamuraiSimulateArgs, usage: string) {
  const players = intOption(values.players, 'players', undefined, 2, 4, usage) as PlayerCount;
  const games = intOption(values.games, 'games', undefined, 1, 10_000_000, usage);
  const seed = intOption(values.seed, 'seed', undefined, 0, 2 ** 31 - 1 - games, usage);
  const botNames = (values.bot ?? 'random').split(',');
  if (botNames.length !== 1 && botNames.length !== players) usageError(`--bot names one bot, or one per seat (${players})`, usage);
  const bots = Array.from({ length: players }, (_, s) => BOTS[choiceOption(botNames[botNames.length === 1 ? 0 : s], 'bot', BOT_NAMES, 'random', usage)]);
  const options = {
    captureTiming: choiceOption(values['capture-timing'], 'capture-timing', CAPTURE_TIMINGS, 'end-of-turn', usage),
    startingHands: choiceOption(values['starting-hands'], 'starting-hands', STARTING_HANDS, 'chosen', usage),
    setup: choiceOption(values.setup, 'setup', SETUP_MODES, 'players', usage),
  };
  if (values.records) mkdirSync(values.records, { recursive: true });

  let turns = 0;
  const ended = Object.fromEntries(END_REASONS.map((r) => [r, 0]));
  const winShares = new Array<number>(players).fill(0);
  for (let g = 0; g < games; g++) {
    const gameSeed = seed + g;
    // The bots' stream is the game seed's, shifted by a large odd constant into a different region.
    const state = playGame({ players, options }, bots, seededRng(gameSeed), seededRng(gameSeed ^ 0x5bd1e995));
    const result = state.result!;
    turns += state.turns.length;
    ended[result.reason]++;
    for (const w of result.winners) winShares[w] += 1 / result.winners.length / games;
    if (values.records) writeFileSync(join(values.records, `game-${gameSeed}.json`), `${JSON.stringify(exportRecord(state), null, 1)}\n`);
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    games,
    players,
    seed,
    bots: bots.map((b) => b.name),
    options,
    meanTurns: round(turns / games),
    ended,
    winShares: winShares.map(round),
  };
}
