/** `simulate --game mangoku`: seeded Mangoku bot games for 2–6 players, summed up. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mangoku, seededRng } from '@samurai/shared';
import { choiceOption, intOption, usageError } from '../../cli';

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
  const botNames = (values.bot ?? 'random').split(',');
  if (botNames.length !== 1 && botNames.length !== players) usageError(`--bot names one bot, or one per seat (${players})`, usage);
  const bots = Array.from(
    { length: players },
    (_, s) => mangoku.BOTS[choiceOption(botNames[botNames.length === 1 ? 0 : s], 'bot', mangoku.BOT_NAMES, 'random', usage)],
  );
  if (values.records) mkdirSync(values.records, { recursive: true });

  let campaigns = 0;
  let turns = 0;
  const campaignEnds = Object.fromEntries(mangoku.CAMPAIGN_END_REASONS.map((r) => [r, 0]));
  const winShares = new Array<number>(players).fill(0);
  for (let g = 0; g < games; g++) {
    const gameSeed = seed + g;
    // As for Samurai: the bots' stream is the game seed's, shifted into a different region.
    const state = mangoku.playGame({ players }, bots, seededRng(gameSeed), seededRng(gameSeed ^ 0x5bd1e995));
    campaigns += state.campaigns.length;
    for (const c of state.campaigns) {
      turns += c.turns.length;
      campaignEnds[c.end!.reason]++;
    }
    // A draw-off settles any tie for first place: one winner a game.
    for (const w of state.result!.winners) winShares[w] += 1 / state.result!.winners.length / games;
    if (values.records) writeFileSync(join(values.records, `game-${gameSeed}.json`), `${JSON.stringify(mangoku.exportRecord(state), null, 1)}\n`);
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    game: 'mangoku',
    games,
    players,
    seed,
    bots: bots.map((b) => b.name),
    meanCampaigns: round(campaigns / games),
    meanTurns: round(turns / games),
    campaignEnds,
    winShares: winShares.map(round),
  };
}
