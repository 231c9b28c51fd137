/**
 * Mangoku's engine benchmark (`npm run bench -- --game mangoku`). Prints figures, and as its last line:
 * {"game":"mangoku","randomGamesPerSecond":{"2":…,…,"6":…},"randomGamesPerCpuSecond":{…},"greedyDecisionP50Ms":…,"greedyDecisionP99Ms":…}
 *
 * - randomGamesPerSecond: complete games by the random bot at each table size, from createGame to
 *   the result: every deal (each deck checked), play, answer, take and draw-off, made by the rules
 *   of applyMoveInPlace on one working state (playGame); each move drawn from the engine's own
 *   list of legal moves, and so not checked again (legal.test.ts holds that list to what the
 *   checks accept); chance settled from a seeded Rng. Per second of wall time, and of the
 *   process's CPU time (which leaves out waiting for a core others are using).
 * - greedyDecision…Ms: the greedy bot's time for one decision (a play, an answer or a card to
 *   take), greedy against greedy at every table size, from the full state as playGame hands it.
 */
import { mangoku, Rng, seededRng } from '@samurai/shared';
import { log, percentile, rates } from '../../bench-kit';

export function benchMangoku(seconds: number): void {
  // Warm the JIT at every table size first, or the first size measured pays for its compiling.
  for (let i = 0; i < 3000; i++) {
    const players = mangoku.PLAYER_COUNTS[i % mangoku.PLAYER_COUNTS.length];
    mangoku.playGame({ players }, new Array(players).fill(mangoku.randomBot), seededRng(2e6 + i), seededRng(~i));
  }
  const randomGamesPerSecond: Record<string, number> = {};
  const randomGamesPerCpuSecond: Record<string, number> = {};
  for (const players of mangoku.PLAYER_COUNTS) {
    const bots = new Array(players).fill(mangoku.randomBot);
    const { wall, cpu } = rates(seconds * 1000, (i) => mangoku.playGame({ players }, bots, seededRng(i), seededRng(~i)));
    randomGamesPerSecond[players] = Math.round(wall);
    randomGamesPerCpuSecond[players] = Math.round(cpu);
    log(`random ${players}-player games/s: ${Math.round(wall)} (${Math.round(cpu)} per second of CPU time)`);
  }

  const decisionMs: number[] = [];
  const timedGreedy: mangoku.Bot = {
    name: 'greedy',
    chooseMove(table: mangoku.Table, seat: number, rng: Rng) {
      const start = performance.now();
      const move = mangoku.greedyBot.chooseMove(table, seat, rng);
      decisionMs.push(performance.now() - start);
      return move;
    },
  };
  const greedyGame = (i: number, bot: mangoku.Bot) => {
    const players = mangoku.PLAYER_COUNTS[i % mangoku.PLAYER_COUNTS.length];
    mangoku.playGame({ players }, new Array(players).fill(bot), seededRng(i), seededRng(~i));
  };
  for (let i = 0; i < 200; i++) greedyGame(1e6 + i, mangoku.greedyBot); // warm the JIT
  const deadline = performance.now() + seconds * 1000;
  let games = 0;
  while (performance.now() < deadline) greedyGame(games++, timedGreedy);
  decisionMs.sort((a, b) => a - b);
  const ms = (q: number) => Math.round(percentile(decisionMs, q) * 10_000) / 10_000;
  const greedyDecisionP50Ms = ms(0.5);
  const greedyDecisionP99Ms = ms(0.99);
  log(
    `greedy decision ms: p50 ${greedyDecisionP50Ms}, p99 ${greedyDecisionP99Ms}, max ${ms(1)} over ${decisionMs.length} decisions in ${games} games (2–6 players)`,
  );

  log(JSON.stringify({ game: 'mangoku', randomGamesPerSecond, randomGamesPerCpuSecond, greedyDecisionP50Ms, greedyDecisionP99Ms }));
}
