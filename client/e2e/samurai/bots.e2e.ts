/**
 * A 4-player game: Ann and three bots on the whole map of Japan, random hands and setup, a
 * spectator watching. Captured tallies stay behind each player's screen until the end.
 */
import { Browser } from 'playwright-core';
import { chooseTarget, gameState, press, settled, targetPoint, turnsDone } from './driver';
import { launchBrowser, openPage, pick, Player, screenshot, startServer, TestServer, waitFor, watchedPlayers } from '../support';

let server: TestServer;
let browser: Browser;
let ann: Player;
let watcher: Player;

beforeAll(async () => {
  server = await startServer({ BOT_DELAY_MS: '30' });
  browser = await launchBrowser();
  ann = { label: 'Ann4', touch: false, ...(await openPage(await browser.newContext({ viewport: { width: 1366, height: 900 } }), 'Ann')) };
  watcher = { label: 'Spectator4', touch: false, ...(await openPage(await browser.newContext({ viewport: { width: 1100, height: 800 } }), 'Spectator')) };
  watchedPlayers.push(ann, watcher);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What each seat card shows as captured (numbers, or hidden), read in one go with the phase they belong to. */
async function talliesInPhase(player: Player): Promise<{ phase: string; tallies: string[] }> {
  return player.page.evaluate(() => ({
    phase: document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.phase ?? 'none',
    tallies: [...document.querySelectorAll('[data-testid=seat-card]')].map((c) => (c.querySelector('.hidden-tally') ? 'hidden' : 'open')),
  }));
}

async function tallies(player: Player): Promise<string[]> {
  return (await talliesInPhase(player)).tallies;
}

test('Ann plays a 4-player game against three bots while a spectator watches', async () => {
  await ann.page.goto(server.url);
  await ann.page.fill('[data-testid=name]', 'Ann');
  for (const option of ['#create-players-4', '#create-startingHands-random', '#create-setup-random']) await ann.page.check(option, { force: true });
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  for (let i = 0; i < 3; i++) {
    await ann.page.click('[data-testid=add-bot] >> nth=0');
    await waitFor('a bot to sit down', async () => (await ann.page.$$('[data-testid=lobby-seat][data-kind=bot]')).length === i + 1);
  }
  const code = (await ann.page.textContent('[data-testid=room-code]'))!.trim();
  await watcher.page.goto(`${server.url}/?room=${code}`);
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');
  await ann.page.click('[data-testid=start]');
  // Random hands and setup: straight into play.
  await ann.page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.phase === 'play');

  // The camera shows all of Japan: Hokkaido in the north, Kyushu in the south-west.
  const canvas = await ann.page.waitForSelector('[data-testid=board] canvas');
  const box = (await canvas.boundingBox())!;
  for (const hex of ['14,1', '19,2', '1,19', '4,23', '14,13']) {
    const p = await targetPoint(ann.page, hex, -1);
    expect(p.x).toBeGreaterThan(box.x);
    expect(p.x).toBeLessThan(box.x + box.width);
    expect(p.y).toBeGreaterThan(box.y);
    expect(p.y).toBeLessThan(box.y + box.height);
  }

  let turns = 0;
  let sawCapture = false;
  let shot = false;
  for (let guard = 0; guard < 600; guard++) {
    const state = await gameState(ann.page);
    if (state.phase === 'over') break;
    // Tallies: Ann sees her own, nobody else's; the spectator sees none. The bots may end the game
    // between the two reads, so the tallies are checked against the phase read with them.
    const seen = await talliesInPhase(ann);
    if (seen.phase !== 'over') expect(seen.tallies).toEqual(['open', 'hidden', 'hidden', 'hidden']);
    if (!state.yourTurn || state.pending) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const playable = await ann.page.$$eval('[data-testid=hand-tile][data-playable=true]', (els) => els.map((e) => (e as HTMLElement).dataset.tile!));
    if (playable.length === 0) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    // Prefer plain tiles here: the 2-player test covers switch and move.
    const plain = playable.filter((t) => t !== 'switch' && t !== 'move');
    await press(ann, `[data-testid=hand-tile][data-tile=${pick(plain.length ? plain : playable)}]`);
    for (let step = 0; step < 2; step++) {
      await chooseTarget(ann, false);
      const s = await settled(ann.page);
      if (s.canEnd || !s.yourTurn) break;
    }
    const after = await settled(ann.page);
    const done = await turnsDone(ann.page);
    if (after.yourTurn && after.canEnd) await press(ann, '[data-testid=end-turn]');
    // The bots answer within milliseconds, so count turns rather than watch for "not your turn".
    await waitFor('the turn to end', async () => (await turnsDone(ann.page)) > done || (await gameState(ann.page)).phase === 'over');
    turns++;
    if (!sawCapture && (await watcher.page.$('[data-testid=log] [data-kind=capture]'))) {
      sawCapture = true;
      // A capture happens in the open (the log says who took what) but the tallies stay hidden.
      const watched = await talliesInPhase(watcher);
      if (watched.phase !== 'over') expect(watched.tallies).toEqual(['hidden', 'hidden', 'hidden', 'hidden']);
      expect(await watcher.page.textContent('[data-testid=log] [data-kind=capture]')).toMatch(/captured|set aside/);
    }
    if (turns === 6 && !shot) {
      shot = true;
      await screenshot(ann.page, 'four-players');
      await screenshot(watcher.page, 'four-players-spectator');
    }
  }
  expect(sawCapture).toBe(true);
  for (const player of [ann, watcher]) await player.page.waitForSelector('[data-testid=scoring][data-revealed=true]', { timeout: 30_000 });
  // At the end every tally is revealed, to everyone.
  expect(await tallies(watcher)).toEqual(['open', 'open', 'open', 'open']);
  const rows = await watcher.page.$$eval('[data-testid=score-table] tbody tr[data-seat]', (trs) => trs.length);
  expect(rows).toBe(4);
  await screenshot(ann.page, 'four-players-scoring');
  expect([...ann.errors, ...watcher.errors]).toEqual([]);
});
