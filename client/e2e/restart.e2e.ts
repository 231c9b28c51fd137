/**
 * Two players and a spectator keep playing through a server restart (a deploy: SIGTERM) and a
 * crash (SIGKILL), without reloading their pages: each page says what is happening, gets back in
 * by itself (seats by their tokens, the spectator as a spectator) and lands exactly where it was.
 */
import { Browser } from 'playwright-core';
import { chooseTarget, gameState, Player, settled, turnsDone, waitFor, watchedPlayers } from './driver';
import { launchBrowser, openPage, startServer, TestServer } from './support';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ BOT_DELAY_MS: '30' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** One plain tile and the end of the turn, through the UI. */
async function playOneTurn(player: Player): Promise<void> {
  const { page } = player;
  const playable = '[data-testid=hand-tile][data-playable=true]:not([data-tile=switch]):not([data-tile=move])';
  const tile = await page.$eval(playable, (e) => (e as HTMLElement).dataset.tile!);
  await page.click(`[data-testid=hand-tile][data-tile=${tile}]`);
  await chooseTarget(player, false);
  await waitFor('the end of the turn to be allowed', async () => (await settled(page)).canEnd);
  await page.click('[data-testid=end-turn]');
  await waitFor('the turn to end', async () => !(await gameState(page)).yourTurn);
}

/** Whoever's turn it is plays it; resolves with the number of turns then done. */
async function playTurns(players: Player[], count: number): Promise<number> {
  const target = (await turnsDone(players[0].page)) + count;
  while ((await turnsDone(players[0].page)) < target) {
    const mover = await waitFor('someone’s turn', async () => {
      for (const p of players) if ((await gameState(p.page)).yourTurn) return p;
      return null;
    });
    await playOneTurn(mover);
    await waitFor('every page to show the turn', async () => {
      const done = await Promise.all(players.map((p) => turnsDone(p.page)));
      return done.every((d) => d === done[0]);
    });
  }
  return turnsDone(players[0].page);
}

const logLines = (player: Player) => player.page.$$eval('[data-testid=log] li', (els) => els.map((e) => e.textContent));

test('two players and a spectator play on through a restart and a crash without reloading', async () => {
  const context = () => browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ann: Player = { label: 'Ann', touch: false, ...(await openPage(await context(), 'Ann')) };
  const ben: Player = { label: 'Ben', touch: false, ...(await openPage(await context(), 'Ben')) };
  const watcher: Player = { label: 'Spectator', touch: false, ...(await openPage(await context(), 'Spectator')) };
  watchedPlayers.push(ann, ben, watcher);
  const everyone = [ann, ben, watcher];

  await ann.page.goto(server.url);
  await ann.page.fill('[data-testid=name]', 'Ann');
  for (const option of ['#create-players-2', '#create-startingHands-random', '#create-setup-random']) await ann.page.check(option, { force: true });
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  const invite = await ann.page.inputValue('[data-testid=invite-link]');
  await ben.page.goto(invite);
  await ben.page.fill('[data-testid=name]', 'Ben');
  await ben.page.click('[data-testid=join]');
  await watcher.page.goto(invite);
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');
  await ann.page.click('[data-testid=start]:not([disabled])');
  await waitFor('the game', async () => (await Promise.all(everyone.map((p) => gameState(p.page)))).every((s) => s.phase === 'play'));
  // Marks each page: a reload would lose it.
  for (const p of everyone) await p.page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await playTurns([ann, ben], 2);

  for (const how of ['SIGTERM', 'SIGKILL'] as const) {
    const turns = await turnsDone(watcher.page);
    const log = await logLines(watcher);
    const seats = await Promise.all([ann, ben].map(async (p) => (await gameState(p.page)).seat));
    const restarting = server.restart(how);
    // Every page says what is going on: a deploy quietly, a crash as a lost connection.
    const expected = how === 'SIGTERM' ? /server is restarting — reconnecting/ : /Connection lost — reconnecting/;
    for (const p of everyone) {
      await p.page.waitForSelector('[data-testid=connection]:not([hidden])', { timeout: 15_000 });
      await waitFor(`${p.label}'s page to say why`, async () => expected.test((await p.page.textContent('[data-testid=connection]')) ?? ''));
    }
    await restarting;
    for (const p of everyone) await p.page.waitForSelector('[data-testid=connection]', { state: 'hidden', timeout: 30_000 });

    // Exactly where they were: same seats, same turn count, the same log, no reload.
    expect(await Promise.all([ann, ben].map(async (p) => (await gameState(p.page)).seat))).toEqual(seats);
    for (const p of everyone) {
      await waitFor(`${p.label}'s page to show the game again`, async () => (await turnsDone(p.page)) === turns);
      expect(await p.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    }
    expect(await logLines(watcher)).toEqual(log);
    expect(await watcher.page.$$('[data-testid=hand-tile]')).toHaveLength(0);

    // And they play on; the spectator sees it.
    const after = await playTurns([ann, ben], 2);
    await waitFor('the spectator to see the new turns', async () => (await turnsDone(watcher.page)) === after);
  }
  expect([...ann.errors, ...ben.errors, ...watcher.errors]).toEqual([]);
});
