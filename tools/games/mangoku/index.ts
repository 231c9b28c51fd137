/** Mangoku's pieces of the command-line tools. */
import { mangoku } from '@samurai/shared';
import type { ToolGame } from '../tool-game';
import { benchMangoku } from './bench';
import { playMangokuMatchGame } from './match';
import { simulateMangoku } from './simulate';

export const mangokuTools: ToolGame = {
  name: 'mangoku',
  simulate: { options: [], usage: 'mangoku: --players 2–6', run: simulateMangoku },
  bench: benchMangoku,
  match: { levels: mangoku.BOT_NAMES, playerCounts: mangoku.PLAYER_COUNTS, play: playMangokuMatchGame },
  replay: {
    format: mangoku.RECORD_FORMAT,
    // Mangoku: the first illegal step is a campaign, a turn and a play.
    check(json) {
      const checked = mangoku.verifyRecord(json);
      if (checked.ok) {
        const { record } = checked;
        return {
          game: 'mangoku',
          ok: true,
          campaigns: record.campaigns.length,
          turns: record.campaigns.reduce((n, c) => n + c.turns.length, 0),
          result: record.result,
        };
      }
      const { campaign, turn, play, rule, message } = checked;
      return { game: 'mangoku', ok: false, campaign, turn, play, rule, message };
    },
  },
};
