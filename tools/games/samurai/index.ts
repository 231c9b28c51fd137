/** Samurai's pieces of the command-line tools. */
import { BOT_NAMES, PLAYER_COUNTS, RECORD_FORMAT, verifyRecord } from '@samurai/shared';
import type { ToolGame } from '../tool-game';
import { benchSamurai } from './bench';
import { playSamuraiMatchGame } from './match';
import { simulateSamurai } from './simulate';

export const samuraiTools: ToolGame = {
  name: 'samurai',
  simulate: {
    options: ['capture-timing', 'starting-hands', 'setup'],
    usage: 'samurai: --players 2|3|4 [--capture-timing end-of-turn|immediate] [--starting-hands chosen|random] [--setup players|random]',
    run: simulateSamurai,
  },
  bench: benchSamurai,
  match: { levels: BOT_NAMES, playerCounts: PLAYER_COUNTS, play: playSamuraiMatchGame },
  replay: {
    format: RECORD_FORMAT,
    // Samurai: the first illegal step is a turn and a play.
    check(json) {
      const checked = verifyRecord(json);
      return checked.ok
        ? { game: 'samurai', ok: true, turns: checked.record.turns.length, result: checked.record.result }
        : { game: 'samurai', ok: false, turn: checked.turn, play: checked.play, rule: checked.rule, message: checked.message };
    },
  },
};
