/**
 * Samurai's engine benchmark (`npm run bench`, or `-- --game samurai`). Prints figures, and as its last line:
 * {"randomGamesPerSecond":{"2":…,"3":…,"4":…},"playsPerSecond":…,"greedyTurnP99Ms":…}
 *
 * - randomGamesPerSecond: complete games by the random bot, from createGame (dealt hands and
 *   dealt setup) to the scored end. Also printed: the same with hands and pieces chosen by the bot.
 * - playsPerSecond: tile plays of recorded games replayed through applyMoveInPlace (every
 *   play checked, then made); the time of the turns' ends (captures, refill) is included.
 * - greedyTurnP99Ms: the greedy bot's thinking time for one whole turn (all its decisions).
 */
import {
  applyMoveInPlace,
  createGame,
  GameConfig,
  greedyBot,
  Move,
  playGame,
  PlayerCount,
  randomBot,
  seededRng,
  seatsToAct,
  Table,
} from '@samurai/shared';
import { log, percentile, rate } from './bench-kit';

export function benchSamurai(seconds: number): void {
  const dealt = { startingHands: 'random', setup: 'random' } as const;
  const randomGamesPerSecond: Record<string, number> = {};
  for (const players of [2, 3, 4] as PlayerCount[]) {
    const bots = new Array(players).fill(randomBot);
    const perSecond = rate(seconds * 1000, (i) => playGame({ players, options: dealt }, bots, seededRng(i), seededRng(~i)));
    const chosen = rate((seconds * 1000) / 3, (i) => playGame({ players }, bots, seededRng(i), seededRng(~i)));
    randomGamesPerSecond[players] = Math.round(perSecond);
    log(`random ${players}-player games/s: ${Math.round(perSecond)} (dealt setup), ${Math.round(chosen)} (bot chooses hands, places pieces)`);
  }

  // Record games' moves once, then replay them: every play goes through the engine's checks.
  const recorded: { config: GameConfig; seed: number; moves: Move[]; plays: number }[] = [];
  for (let i = 0; i < 300; i++) {
    const players = (2 + (i % 3)) as PlayerCount;
    const config: GameConfig = { players, options: dealt };
    const state = createGame(config, seededRng(i));
    const botRng = seededRng(~i);
    const moves: Move[] = [];
    while (state.phase !== 'over') {
      const seat = seatsToAct(state)[0];
      const move = randomBot.chooseMove(state, seat, botRng);
      applyMoveInPlace(state, move);
      moves.push(move);
    }
    recorded.push({ config, seed: i, moves, plays: moves.filter((m) => m.type === 'play').length });
  }
  let plays = 0;
  let replayMs = 0;
  const replayBudget = seconds * 1000;
  for (let round = 0; replayMs < replayBudget; round++) {
    for (const game of recorded) {
      const state = createGame(game.config, seededRng(game.seed));
      const start = performance.now();
      for (const move of game.moves) {
        if (applyMoveInPlace(state, move)) throw new Error('bench: a recorded move was refused');
      }
      replayMs += performance.now() - start;
      if (round > 0) plays += game.plays; // round 0 warms up
      else replayMs = 0;
    }
  }
  const playsPerSecond = Math.round((plays * 1000) / replayMs);
  log(`validated plays/s: ${playsPerSecond}`);

  // Greedy thinking time per turn, greedy against greedy at every table size.
  const turnMs: number[] = [];
  let current = { seat: -1, turn: -1, ms: 0 };
  const timedGreedy = {
    ...greedyBot,
    chooseMove(table: Table, seat: number, rng: { int(n: number): number }) {
      const start = performance.now();
      const move = greedyBot.chooseMove(table, seat, rng);
      const ms = performance.now() - start;
      if (table.phase === 'play') {
        if (current.turn !== table.turns.length) {
          if (current.turn >= 0) turnMs.push(current.ms);
          current = { seat, turn: table.turns.length, ms: 0 };
        }
        current.ms += ms;
      }
      return move;
    },
  };
  for (let i = 0; i < 30; i++) playGame({ players: 2 }, [greedyBot, greedyBot], seededRng(i), seededRng(~i)); // warm up
  const greedyDeadline = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < greedyDeadline; i++) {
    const players = (2 + (i % 3)) as PlayerCount;
    playGame({ players }, new Array(players).fill(timedGreedy), seededRng(i), seededRng(~i));
    current = { seat: -1, turn: -1, ms: 0 };
  }
  turnMs.sort((a, b) => a - b);
  const p = (q: number) => percentile(turnMs, q);
  const greedyTurnP99Ms = Math.round(p(0.99) * 1000) / 1000;
  log(`greedy turn ms: p50 ${p(0.5).toFixed(3)}, p99 ${greedyTurnP99Ms}, max ${turnMs[turnMs.length - 1].toFixed(3)} over ${turnMs.length} turns`);

  log(JSON.stringify({ randomGamesPerSecond, playsPerSecond, greedyTurnP99Ms }));
}
