/**
 * A Samurai replay is watched, not played, and a record file replays with its players' names:
 *
 * - through a seat's eyes, every step shows that seat's hand but none of its live controls (no
 *   "Your turn", no End turn, no "Let a bot play for me");
 * - the record the end screen downloads names who sat where, and that file alone, dropped on the
 *   home page, replays with the names;
 * - every hand in a row that fits a 1,280 px window (4 players).
 *
 * The records to watch are games the engine's bots play in the test itself; the downloaded one
 * is a live game the room's bot plays to its end.
 */
import { COLOUR_IDS, exportRecord, greedyBot, playGame, RecordSeat, seededRng } from '@samurai/shared';
import fs from 'node:fs';
import { handsOverflow, openRecord, watchEveryStep } from '../replay-viewer';
import { openPage, screenshot, useServerAndBrowser, watchedPlayers } from '../support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '20' });

const LAPTOP = { viewport: { width: 1280, height: 800 } };

test('through a seat’s eyes, a replay shows the seat’s hand and none of its controls, in Samurai', async () => {
  const context = await e2e.browser.newContext(LAPTOP);
  const viewer = { label: 'Viewer', touch: false, ...(await openPage(context, 'Viewer')) };
  watchedPlayers.push(viewer);
  const { page } = viewer;

  const samurai = JSON.parse(JSON.stringify(exportRecord(playGame({ players: 2 }, [greedyBot, greedyBot], seededRng(5), seededRng(6)))));
  const samuraiSteps = await openRecord(e2e.server.url, page, 'samurai.json', samurai);
  expect(await watchEveryStep(page, '0', samuraiSteps, 'data-board-ready')).toEqual([]);
  // The seat's hand is there to see: its tiles, not buttons.
  await page.click('[data-testid=replay-start]');
  await page.click('[data-testid=replay-turn-forward]');
  expect(await page.$$('[data-testid=replay-game] [data-testid=hand-tile]')).not.toHaveLength(0);
  await screenshot(page, 'replay-seat-samurai');

  expect(viewer.errors).toEqual([]);
  await context.close();
});

test('the record the end screen downloads replays with the players’ names, from the file alone', async () => {
  const context = await e2e.browser.newContext(LAPTOP);
  const ann = { label: 'Ann', touch: false, ...(await openPage(context, 'Ann')) };
  watchedPlayers.push(ann);
  const { page } = ann;
  await page.goto(e2e.server.url);
  await page.fill('[data-testid=name]', 'Annabelle');
  for (const option of ['#create-players-2', '#create-startingHands-random', '#create-setup-random']) await page.check(option, { force: true });
  await page.click('[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby]');
  await page.click('[data-testid=add-bot]');
  await page.click('[data-testid=start]:not([disabled])');
  // Annabelle lets the room's bot play her seat: the bots play the game to its end.
  await page.click('[data-testid=seat-card][data-seat="0"] [data-testid=stand-in-me]');
  await page.waitForSelector('[data-testid=scoring] [data-testid=download-record]', { timeout: 120_000 });
  const bot = await page.evaluate(
    () => (window as unknown as { tableApp: { current: { vm: { seats: { name: string }[] } } } }).tableApp.current.vm.seats[1].name,
  );

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=download-record]')]);
  const file = await download.path();
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(saved.seats.map((s: RecordSeat) => [s.name, s.bot])).toEqual([
    ['Annabelle', null],
    [bot, 'greedy'],
  ]);

  // The file, dropped on another browser's home page: the seats by name.
  const other = await e2e.browser.newContext(LAPTOP);
  const { page: fresh, errors } = await openPage(other, 'Fresh');
  await openRecord(e2e.server.url, fresh, 'game.json', saved);
  const perspectives = await fresh.$$eval('[data-testid=replay-perspective] option', (options) => options.map((o) => o.textContent));
  expect(perspectives).toEqual(expect.arrayContaining(['Annabelle', bot]));
  await fresh.click('[data-testid=replay-end]');
  await fresh.waitForSelector('[data-testid=replay-game] [data-testid=game][data-board-ready=true]');
  expect(await fresh.textContent('[data-testid=replay-game] [data-testid=log]')).toContain('Annabelle');
  expect([...ann.errors, ...errors]).toEqual([]);
  await context.close();
  await other.close();
});

test('every hand in a row that fits a 1,280 px window, named: 4 Samurai players', async () => {
  const context = await e2e.browser.newContext(LAPTOP);
  const { page, errors } = await openPage(context, 'Hands');
  const names = ['Annabelle', 'Benedikt', 'Cleopatra', 'Dagobert', 'Eleonore', 'Friederike'];
  const seats = (players: number): RecordSeat[] => names.slice(0, players).map((name, s) => ({ name, colour: COLOUR_IDS[s], bot: null }));

  const samurai = {
    ...JSON.parse(JSON.stringify(exportRecord(playGame({ players: 4 }, Array(4).fill(greedyBot), seededRng(3), seededRng(4))))),
    seats: seats(4),
  };
  await openRecord(e2e.server.url, page, 'samurai-4.json', samurai);
  await page.selectOption('[data-testid=replay-perspective]', 'everything');
  for (const step of ['replay-turn-forward', 'replay-turn-forward', 'replay-end']) {
    await page.click(`[data-testid=${step}]`);
    expect(await handsOverflow(page)).toBeLessThanOrEqual(0);
  }
  expect(await page.$$eval('[data-testid=replay-hand]', (hands) => hands.map((h) => h.children[1].textContent))).toEqual(names.slice(0, 4));
  await screenshot(page, 'replay-hands-samurai-4');

  expect(errors).toEqual([]);
  await context.close();
});
