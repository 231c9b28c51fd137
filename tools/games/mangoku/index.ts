/** Mangoku's pieces of the command-line tools: its contract, and what the tools play and measure by its engine. */
import { mangoku } from '@samurai/shared';
import type { ToolGame } from '../tool-game';
import { benchMangoku } from './bench';
import { mangokuTable, simulateMangoku } from './simulate';

export const mangokuTools: ToolGame<mangoku.GameState, mangoku.Move> = {
  contract: mangoku.mangokuContract,
  tableOf: mangokuTable,
  simulate: { options: [], usage: 'mangoku: --players 2–6', run: simulateMangoku },
  bench: benchMangoku,
  match: {
    playerCounts: mangoku.PLAYER_COUNTS,
    searchingBot: (options) => mangoku.makeExpertBot(options),
    play: (players, bots, gameRng, botRng) =>
      mangoku.playGame({ players: players as mangoku.PlayerCount }, bots as readonly mangoku.Bot[], gameRng, botRng).result!.winners,
  },
  replay: {
    format: mangoku.RECORD_FORMAT,
    // Mangoku: the first illegal step is a campaign, a turn and a play.
    line(verified) {
      const checked = verified as mangoku.RecordCheck;
      if (checked.ok) {
        const { record } = checked;
        return {
          ok: true,
          campaigns: record.campaigns.length,
          turns: record.campaigns.reduce((n, c) => n + c.turns.length, 0),
          result: record.result,
        };
      }
      const { campaign, turn, play, rule, message } = checked;
      return { ok: false, campaign, turn, play, rule, message };
    },
  },
};
