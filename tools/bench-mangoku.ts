/**
 * Mangoku's engine benchmark (`npm run bench -- --game mangoku`). Prints figures, and as its last line:
 * {"game":"mangoku","randomGamesPerSecond":{"2":…,…,"6":…},"greedyDecisionP50Ms":…,"greedyDecisionP99Ms":…}
 *
 * - randomGamesPerSecond: complete games by the random bot at each table size, from createGame to
 *   the result: every deal, play, answer, take and draw-off, each move checked before it is made
 *   (applyMoveInPlace), chance settled from a seeded Rng.
 * - greedyDecision…Ms: the greedy bot's time for one decision (a play, an answer or a card to
 *   take), greedy against greedy at every table size, from the full state as playGame hands it.
 */
import { mangoku, Rng, seededRng } from '@samurai/shared';
import { log, percentile, rate } from './bench-kit';

export function benchMangoku(seconds: number): void {
  const randomGamesPerSecond: Record<string, number> = {};
  for (const players of mangoku.PLAYER_COUNTS) {
    const bots = new Array(players).fill(mangoku.randomBot);
    const perSecond = rate(seconds * 1000, (i) => mangoku.playGame({ players }, bots, seededRng(i), seededRng(~i)));
    randomGamesPerSecond[players] = Math.round(perSecond);
    log(`random ${players}-player games/s: ${Math.round(perSecond)}`);
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
  log(`greedy decision ms: p50 ${greedyDecisionP50Ms}, p99 ${greedyDecisionP99Ms}, max ${ms(1)} over ${decisionMs.length} decisions in ${games} games (2–6 players)`);

  log(JSON.stringify({ game: 'mangoku', randomGamesPerSecond, greedyDecisionP50Ms, greedyDecisionP99Ms }));
}
