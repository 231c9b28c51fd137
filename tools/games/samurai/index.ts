/** Samurai's pieces of the command-line tools: its contract, and what the tools play and measure by its engine. */
import {
  boardFor,
  Bot,
  GameState,
  HEXES,
  makeExpertBot,
  Move,
  playGame,
  PLAYER_COUNTS,
  PlayerCount,
  RECORD_FORMAT,
  RecordCheck,
  samuraiContract,
} from '@samurai/shared';
import type { ToolGame } from '../tool-game';
import { benchSamurai } from './bench';
import { samuraiTable, simulateSamurai } from './simulate';

export const samuraiTools: ToolGame<GameState, Move> = {
  contract: samuraiContract,
  tableOf: samuraiTable,
  simulate: {
    options: ['capture-timing', 'starting-hands', 'setup'],
    usage: 'samurai: --players 2|3|4 [--capture-timing end-of-turn|immediate] [--starting-hands chosen|random] [--setup players|random]',
    run: simulateSamurai,
  },
  bench: benchSamurai,
  match: {
    playerCounts: PLAYER_COUNTS,
    searchingBot: (options) => makeExpertBot(options),
    play: (players, bots, gameRng, botRng) => playGame({ players: players as PlayerCount }, bots as readonly Bot[], gameRng, botRng).result!.winners,
  },
  replay: {
    format: RECORD_FORMAT,
    // Samurai: the first illegal step is a turn and a play.
    line(verified) {
      const checked = verified as RecordCheck;
      return checked.ok
        ? { ok: true, turns: checked.record.turns.length, result: checked.record.result }
        : { ok: false, turn: checked.turn, play: checked.play, rule: checked.rule, message: checked.message };
    },
  },
  board: {
    playerCounts: PLAYER_COUNTS,
    describe: (players) => ({
      players,
      hexes: boardFor(players as PlayerCount).hexes.map((h) => {
        const { name, kind, island } = HEXES[h];
        return island ? { hex: name, kind, island } : { hex: name, kind };
      }),
    }),
  },
};
