import { AnyGameContract, GAME_CONTRACTS, seededRng } from '@samurai/shared';
import path from 'node:path';
import ts from 'typescript';
import { botGame } from '../test-support/bot-game';
import { contractOf, TEST_GAME } from '../test-support/TableClient';
import { BotPool } from './BotPool';
import type { ThinkTask } from './think';

// A thread compiles the engines through tsx before its first task: generous on a loaded machine.
jest.setTimeout(120_000);

/** The games whose bots think on a thread. */
const SEARCHING = GAME_CONTRACTS.filter((c) => c.searchingBots !== undefined);

/** A 3-player game of `contract` some moves in, and the task of a seat to move. */
function gameTask(contract: AnyGameContract, seed: number, timeMs = 50): { task: ThinkTask; state: unknown } {
  const state = botGame(contract, 3, seed, (s, moves) => moves >= 60 && contract.seatsToAct(s).length > 0);
  const seat = contract.seatsToAct(state)[0];
  return { state, task: { game: contract.name, seat, view: contract.view(state, seat), seed, timeMs, iterations: 60 } };
}

const testGame = contractOf(TEST_GAME.name);

describe('the bot threads', () => {
  const pool = new BotPool(1);
  afterAll(() => pool.close());

  it('think an expert move for each game from the seat’s view, one the engine accepts', async () => {
    expect(SEARCHING.length).toBeGreaterThan(0);
    for (const [i, contract] of SEARCHING.entries()) {
      const { task, state } = gameTask(contract, i + 1);
      expect(contract.legal(state, await pool.think(task))).toBeNull();
    }
  });

  it('give the move the same search gives in this thread, for the same seed and iteration budget', async () => {
    const { task } = gameTask(testGame, 4, 60_000);
    const here: unknown = testGame.searchingBots!.think(task.view, task.seat, seededRng(task.seed), { iterations: task.iterations });
    expect(await pool.think(task)).toEqual(here);
  });

  it('take tasks in turn when more are asked than there are threads', async () => {
    const games = [5, 6, 7].map((seed) => gameTask(testGame, seed));
    const moves = await Promise.all(games.map((g) => pool.think(g.task)));
    expect(moves).toHaveLength(3);
    moves.forEach((move, i) => expect(testGame.legal(games[i].state, move)).toBeNull());
  });

  it('fail a task the search cannot do, and go on with the next', async () => {
    const { task, state } = gameTask(testGame, 8);
    // Another seat's view holds no hand of the seat to act: nothing to search from.
    const wrong = { ...task, view: testGame.view(state, (task.seat + 1) % 3) };
    await expect(pool.think(wrong)).rejects.toThrow(/does not show seat/);
    await expect(pool.think(task)).resolves.toMatchObject({ seat: task.seat });
  });

  it('refuse tasks once closed, and fail those still waiting', async () => {
    const closing = new BotPool(1);
    const waiting = [1, 2].map((seed) => closing.think(gameTask(testGame, seed, 5_000).task).then(String, (error: Error) => error.message));
    await closing.close();
    expect(await Promise.all(waiting)).toEqual(['the bot threads are closed', 'the bot threads are closed']);
    await expect(closing.think(gameTask(testGame, 3).task)).rejects.toThrow(/closed/);
  });

  it('are built with the compiled server: the thread file lands beside the pool that starts it', () => {
    // The pool starts bot-worker.js from its own directory (npm start, the Docker image); nothing
    // imports that file, so the build must list it as an entry of its own.
    const file = path.join(__dirname, '..', '..', 'tsconfig.build.json');
    const config = ts.parseJsonConfigFileContent(ts.readConfigFile(file, (name) => ts.sys.readFile(name)).config, ts.sys, path.dirname(file));
    const built = (source: string) => path.join(config.options.outDir!, path.relative(config.options.rootDir!, source)).replace(/\.ts$/, '.js');
    expect(config.fileNames.map((name) => path.normalize(name))).toContain(path.join(__dirname, 'bot-worker.ts'));
    expect(path.dirname(built(path.join(__dirname, 'bot-worker.ts')))).toBe(path.dirname(built(path.join(__dirname, 'BotPool.ts'))));
  });
});
