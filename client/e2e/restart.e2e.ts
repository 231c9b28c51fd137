/**
 * Two players and a spectator keep playing through a server restart (a deploy: SIGTERM) and a
 * crash (SIGKILL), without reloading their pages: each page says what is happening, gets back in
 * by itself (seats by their tokens, the spectator as a spectator) and lands exactly where it was.
 */
import { aGame, markPage, openPage, Player, playTurns, startTwoPlayerGame, stillSamePage, useServerAndBrowser, waitFor, watchedPlayers } from './support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });
const game = aGame();
const { logLines, turnsDone } = game;

test('two players and a spectator play on through a restart and a crash without reloading', async () => {
  const context = () => e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ann: Player = { label: 'Ann', touch: false, ...(await openPage(await context(), 'Ann')) };
  const ben: Player = { label: 'Ben', touch: false, ...(await openPage(await context(), 'Ben')) };
  const watcher: Player = { label: 'Spectator', touch: false, ...(await openPage(await context(), 'Spectator')) };
  watchedPlayers.push(ann, ben, watcher);
  const everyone = [ann, ben, watcher];

  await startTwoPlayerGame(game, e2e.server.url, ann, ben, watcher);
  for (const p of everyone) await markPage(p);

  await playTurns(game, [ann, ben], 2);

  for (const how of ['SIGTERM', 'SIGKILL'] as const) {
    const turns = await turnsDone(watcher.page);
    const log = await logLines(watcher);
    const seats = await Promise.all([ann, ben].map(async (p) => (await game.state(p.page)).seat));
    const restarting = e2e.server.restart(how);
    // Every page says what is going on: a deploy quietly, a crash as a lost connection.
    const expected = how === 'SIGTERM' ? /server is restarting — reconnecting/ : /Connection lost — reconnecting/;
    for (const p of everyone) {
      await p.page.waitForSelector('[data-testid=connection]:not([hidden])', { timeout: 15_000 });
      await waitFor(`${p.label}'s page to say why`, async () => expected.test((await p.page.textContent('[data-testid=connection]')) ?? ''));
    }
    await restarting;
    for (const p of everyone) await p.page.waitForSelector('[data-testid=connection]', { state: 'hidden', timeout: 30_000 });

    // Exactly where they were: same seats, same turn count, the same log, no reload.
    expect(await Promise.all([ann, ben].map(async (p) => (await game.state(p.page)).seat))).toEqual(seats);
    for (const p of everyone) {
      await waitFor(`${p.label}'s page to show the game again`, async () => (await turnsDone(p.page)) === turns);
      expect(await stillSamePage(p)).toBe(true);
    }
    expect(await logLines(watcher)).toEqual(log);
    expect(await watcher.page.$$(game.handSelector)).toHaveLength(0);

    // And they play on; the spectator sees it.
    await playTurns(game, [ann, ben], 2);
    const after = await turnsDone(ann.page);
    await waitFor('the spectator to see the new turns', async () => (await turnsDone(watcher.page)) === after);
  }
  expect([...ann.errors, ...ben.errors, ...watcher.errors]).toEqual([]);
});
