/**
 * Samurai's engine benchmark (`npm run bench`, or `-- --game samurai`). Prints figures, and as its last line:
 * {"randomGamesPerSecond":{"2":…,"3":…,"4":…},"playsPerSecond":…,"greedyTurnP99Ms":…}
 *
 * - randomGamesPerSecond: complete games by the random bot, from createGame (dealt hands and
 *   dealt setup) to the scored end. Also printed: the same with hands and pieces chosen by the bot.
 * - playsPerSecond: tile plays of recorded games replayed through applyMoveInPlace (every
 *   play checked, then made); the time of the turns' ends (captures, refill) is included.
 * - greedyTurnP99Ms: the greedy bot's thinking time for one whole turn (all its decisions).
 * - replayStepP99Ms / replayJumpP99Ms: the replay viewer's cursor on 4-player records (greedy
 *   bots): one step on (a seat's view and the log there), and a jump to a random turn's start
 *   (the same, from anywhere). Also printed: opening a record (verifying it, keeping every position).
 */
import {
  applyMoveInPlace,
  createGame,
  GameConfig,
  exportRecord,
  greedyBot,
  logAt,
  Move,
  openReplay,
  Replay,
  playGame,
  PlayerCount,
  randomBot,
  seededRng,
  seatsToAct,
  Table,
  viewAt,
} from '@samurai/shared';
import { log, percentile, rate } from '../../bench-kit';

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
      if (round > 0)
        plays += game.plays; // round 0 warms up
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

  const { replayStepP99Ms, replayJumpP99Ms } = benchReplay(seconds);
  log(JSON.stringify({ randomGamesPerSecond, playsPerSecond, greedyTurnP99Ms, replayStepP99Ms, replayJumpP99Ms }));
}

/** The replay cursor: what the viewer asks of the engine at each step (goals: 60 steps a second, a jump under 50 ms). */
function benchReplay(seconds: number): { replayStepP99Ms: number; replayJumpP99Ms: number } {
  const greedy4 = [greedyBot, greedyBot, greedyBot, greedyBot];
  const records = Array.from({ length: 20 }, (_, i): unknown =>
    JSON.parse(JSON.stringify(exportRecord(playGame({ players: 4 }, greedy4, seededRng(i), seededRng(~i))))),
  );
  const replays: Replay[] = [];
  const openMs: number[] = [];
  for (const record of records) {
    const start = performance.now();
    const opened = openReplay(record);
    openMs.push(performance.now() - start);
    if (!opened.ok) throw new Error(`bench: a record does not verify: ${opened.message}`);
    replays.push(opened.replay);
  }
  const show = (replay: Replay, step: number) => {
    viewAt(replay, step, 1);
    logAt(replay, step);
  };
  const stepMs: number[] = [];
  const jumpMs: number[] = [];
  const rng = seededRng(99);
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    for (const replay of replays) {
      for (let step = 1; step < replay.steps.length; step++) {
        const start = performance.now();
        show(replay, step);
        stepMs.push(performance.now() - start);
      }
      for (let i = 0; i < 20; i++) {
        const start = performance.now();
        show(replay, replay.turnStarts[rng.int(replay.turnStarts.length)]);
        jumpMs.push(performance.now() - start);
      }
    }
  }
  for (const list of [openMs, stepMs, jumpMs]) list.sort((a, b) => a - b);
  const replayStepP99Ms = Math.round(percentile(stepMs, 0.99) * 1000) / 1000;
  const replayJumpP99Ms = Math.round(percentile(jumpMs, 0.99) * 1000) / 1000;
  const steps = replays.reduce((n, r) => n + r.steps.length, 0) / replays.length;
  log(
    `replay of a 4-player record (${Math.round(steps)} steps on average): opened (verified, every position kept) in ${percentile(openMs, 0.5).toFixed(2)} ms median, ${openMs[openMs.length - 1].toFixed(2)} ms at most`,
  );
  log(
    `replay step (a seat's view and the log there): p50 ${percentile(stepMs, 0.5).toFixed(3)} ms, p99 ${replayStepP99Ms} ms; jump to a turn: p50 ${percentile(jumpMs, 0.5).toFixed(3)} ms, p99 ${replayJumpP99Ms} ms`,
  );
  return { replayStepP99Ms, replayJumpP99Ms };
}
