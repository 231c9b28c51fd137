/** `simulate --game mangoku`: seeded Mangoku bot games for 2–6 players, summed up. */
import { mangoku, seededRng } from '@samurai/shared';
import { intOption } from '../../cli';
import { botsOption, recordWriter } from '../../simulate-kit';

/** The contract's state around a game the tools play: the history the room sent is the room's, none here. */
export const mangokuTable = (game: mangoku.GameState): mangoku.MangokuTable => ({
  game,
  log: [],
  history: { campaign: -1, turns: 0, events: 0, drawOff: 0, ended: false },
});

export interface MangokuSimulateArgs {
  players?: string;
  games?: string;
  seed?: string;
  bot?: string;
  records?: string;
}

export function simulateMangoku(values: MangokuSimulateArgs, usage: string) {
  const players = intOption(values.players, 'players', undefined, 2, 6, usage) as mangoku.PlayerCount;
  const games = intOption(values.games, 'games', undefined, 1, 10_000_000, usage);
  const seed = intOption(values.seed, 'seed', undefined, 0, 2 ** 31 - 1 - games, usage);
  const bots = botsOption<mangoku.Bot>(mangoku.mangokuContract, values.bot, players, usage);
  const record = recordWriter(mangoku.mangokuContract, values.records);

  let campaigns = 0;
  let turns = 0;
  const campaignEnds = Object.fromEntries(mangoku.CAMPAIGN_END_REASONS.map((r) => [r, 0]));
  const winShares = new Array<number>(players).fill(0);
  for (let g = 0; g < games; g++) {
    const gameSeed = seed + g;
    // As for Samurai: the bots' stream is the game seed's, shifted into a different region.
    const state = mangoku.playGame({ players }, bots.bots, seededRng(gameSeed), seededRng(gameSeed ^ 0x5bd1e995));
    campaigns += state.campaigns.length;
    for (const c of state.campaigns) {
      turns += c.turns.length;
      campaignEnds[c.end!.reason]++;
    }
    // A draw-off settles any tie for first place: one winner a game.
    for (const w of state.result!.winners) winShares[w] += 1 / state.result!.winners.length / games;
    record(gameSeed, mangokuTable(state));
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    game: 'mangoku',
    games,
    players,
    seed,
    bots: bots.names,
    meanCampaigns: round(campaigns / games),
    meanTurns: round(turns / games),
    campaignEnds,
    winShares: winShares.map(round),
  };
}
