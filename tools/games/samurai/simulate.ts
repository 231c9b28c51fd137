/** `simulate --game samurai` (the default): seeded Samurai bot games, summed up. */
import {
  Bot,
  CAPTURE_TIMINGS,
  END_REASONS,
  GameState,
  playGame,
  PlayerCount,
  samuraiContract,
  SamuraiTable,
  seededRng,
  SETUP_MODES,
  STARTING_HANDS,
} from '@samurai/shared';
import { choiceOption, intOption } from '../../cli';
import { botsOption, recordWriter } from '../../simulate-kit';

/** The contract's state around a game the tools play: the room's log and draws are the room's, none here. */
export const samuraiTable = (game: GameState): SamuraiTable => ({ game, log: [], drawn: [] });

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
  const bots = botsOption<Bot>(samuraiContract, values.bot, players, usage);
  const options = {
    captureTiming: choiceOption(values['capture-timing'], 'capture-timing', CAPTURE_TIMINGS, 'end-of-turn', usage),
    startingHands: choiceOption(values['starting-hands'], 'starting-hands', STARTING_HANDS, 'chosen', usage),
    setup: choiceOption(values.setup, 'setup', SETUP_MODES, 'players', usage),
  };
  const record = recordWriter(samuraiContract, values.records);

  let turns = 0;
  const ended = Object.fromEntries(END_REASONS.map((r) => [r, 0]));
  const winShares = new Array<number>(players).fill(0);
  for (let g = 0; g < games; g++) {
    const gameSeed = seed + g;
    // The bots' stream is the game seed's, shifted by a large odd constant into a different region.
    const state = playGame({ players, options }, bots.bots, seededRng(gameSeed), seededRng(gameSeed ^ 0x5bd1e995));
    const result = state.result!;
    turns += state.turns.length;
    ended[result.reason]++;
    for (const w of result.winners) winShares[w] += 1 / result.winners.length / games;
    record(gameSeed, samuraiTable(state));
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    games,
    players,
    seed,
    bots: bots.names,
    options,
    meanTurns: round(turns / games),
    ended,
    winShares: winShares.map(round),
  };
}
