import { applyMoveInPlace, checkMove, createGame, greedyBot, mangoku, seatsToAct, seededRng, viewFor } from '@samurai/shared';
import path from 'node:path';
import ts from 'typescript';
import { BotPool } from './BotPool';
import type { ThinkTask } from './think';

// A thread compiles the engines through tsx before its first task: generous on a loaded machine.
jest.setTimeout(120_000);

/** A Samurai game in its play phase, and the task of the seat to play. */
function samuraiTask(seed: number, timeMs = 50): { task: ThinkTask; state: ReturnType<typeof createGame> } {
  const state = createGame({ players: 3, options: { startingHands: 'random', setup: 'random' } }, seededRng(seed));
  for (let i = 0; i < 4; i++) applyMoveInPlace(state, greedyBot.chooseMove(state, state.seat, seededRng(i)));
  const seat = seatsToAct(state)[0];
  return { state, task: { game: 'samurai', seat, view: viewFor(state, seat), seed, timeMs, iterations: 60 } };
}

describe('the bot threads', () => {
  const pool = new BotPool(1);
  afterAll(() => pool.close());

  it('think an expert move for each game from the seat’s view, one the engine accepts', async () => {
    const { task, state } = samuraiTask(1);
    expect(checkMove(state, (await pool.think(task)) as never)).toBeNull();

    const game = mangoku.createGame({ players: 4 }, seededRng(2));
    const seat = mangoku.seatsToAct(game)[0];
    const move = await pool.think({ game: 'mangoku', seat, view: mangoku.viewFor(game, seat), seed: 3, timeMs: 50, iterations: 60 });
    expect(mangoku.checkMove(game, move as mangoku.Move)).toBeNull();
  });

  it('give the move the same search gives in this thread, for the same seed and iteration budget', async () => {
    const { task } = samuraiTask(4, 60_000);
    const { expertMove } = await import('@samurai/shared');
    expect(await pool.think(task)).toEqual(expertMove(task.view as never, task.seat, seededRng(task.seed), { iterations: task.iterations }));
  });

  it('take tasks in turn when more are asked than there are threads', async () => {
    const tasks = [5, 6, 7].map((seed) => samuraiTask(seed).task);
    const moves = await Promise.all(tasks.map((t) => pool.think(t)));
    expect(moves).toHaveLength(3);
    for (const move of moves) expect(move).toMatchObject({ type: expect.stringMatching(/play|endTurn|pass/) });
  });

  it('fail a task the search cannot do, and go on with the next', async () => {
    const { task, state } = samuraiTask(8);
    // Another seat's view holds no hand of the seat to act: nothing to search from.
    const wrong = { ...task, view: viewFor(state, (task.seat + 1) % 3) };
    await expect(pool.think(wrong)).rejects.toThrow(/does not show seat/);
    await expect(pool.think(task)).resolves.toMatchObject({ seat: task.seat });
  });

  it('refuse tasks once closed, and fail those still waiting', async () => {
    const closing = new BotPool(1);
    const waiting = [1, 2].map((seed) => closing.think(samuraiTask(seed, 5_000).task).then(String, (error: Error) => error.message));
    await closing.close();
    expect(await Promise.all(waiting)).toEqual(['the bot threads are closed', 'the bot threads are closed']);
    await expect(closing.think(samuraiTask(3).task)).rejects.toThrow(/closed/);
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
