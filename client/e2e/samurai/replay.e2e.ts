/**
 * The replay viewer, Samurai: Ann plays a whole 2-player game against a bot while a spectator
 * watches, every step of what both pages show is kept (board, log, tallies); then the game,
 * opened from Ann's "Watch again", matches it step by step through Ann's eyes and the
 * spectator's. A shared link opens in a fresh browser; a tampered record file is refused with
 * the rule it breaks named.
 */
import { Browser, Page } from 'playwright-core';
import { HEXES, hexIndex } from '@samurai/shared';
import en from '../../src/i18n/locales/en.json';
import { chooseTarget, gameState, settled, turnsDone } from './driver';
import { launchBrowser, openPage, pick, Player, screenshot, startServer, TestServer, waitFor, watchedPlayers } from '../support';

let server: TestServer;
let browser: Browser;
let ann: Player;
let watcher: Player;
let code = '';
/** What each live page showed, per number of log lines: the last thing shown with that many. */
let annSaw: Record<number, Snapshot> = {};
let watcherSaw: Record<number, Snapshot> = {};

interface Snapshot {
  log: string[];
  seats: string[];
  aside: string;
  /** The board's drawn tiles and settlements (each node's key); null while it is not drawn or shows a preview. */
  board: string | null;
}

beforeAll(async () => {
  // Slow enough bots that every move of theirs arrives as a patch of its own.
  server = await startServer({ BOT_DELAY_MS: '250' });
  browser = await launchBrowser();
  ann = { label: 'AnnReplay', touch: false, ...(await openPage(await browser.newContext({ viewport: { width: 1280, height: 860 } }), 'Ann')) };
  watcher = { label: 'WatcherReplay', touch: false, ...(await openPage(await browser.newContext({ viewport: { width: 1280, height: 860 } }), 'Watcher')) };
  watchedPlayers.push(ann, watcher);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Installed in a page: what its Samurai game screen shows now (the live screen, or the one
 * the replay viewer holds). Private notes ("You drew …") are the live player's own, not the log's.
 */
const SNAPSHOT = `() => {
  const current = window.tableApp.current.screen;
  const game = current && current.current && current.current.show ? current.current.show.gameScreen : current;
  if (!game || !game.el) return null;
  const root = game.el;
  const board = game.boardView;
  const nodes = (map) => [...map].map(([k, v]) => k + '=' + v.key).sort().join(' ');
  return {
    log: [...root.querySelectorAll('[data-testid=log] > li.log-line:not(.private):not(.muted)')].map((li) => li.textContent),
    seats: [...root.querySelectorAll('[data-testid=seat-card]')].map((c) => (c.querySelector('.seat-tiles') ? c.querySelector('.seat-tiles').getAttribute('title') : '') + ' | ' + (c.querySelector('.tally') ? c.querySelector('.tally').textContent : '')),
    aside: root.querySelector('[data-testid=aside]').textContent,
    board: board && !root.dataset.preview ? nodes(board.tileNodes) + ' / ' + nodes(board.settlementNodes) : null,
  };
}`;

/** Keeps, in the page, a snapshot after every change of its game screen, per number of log lines. */
async function record(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const snapshot = ${SNAPSHOT};
    window.__seen = {};
    const keep = () => { const s = snapshot(); if (s) window.__seen[s.log.length] = s; };
    keep();
    new MutationObserver(keep).observe(document.querySelector('[data-testid=game]'), { childList: true, subtree: true, characterData: true, attributes: true });
  })()`);
}

const seen = (page: Page) => page.evaluate('window.__seen') as Promise<Record<number, Snapshot>>;
const snapshot = (page: Page) => page.evaluate(`(${SNAPSHOT})()`) as Promise<Snapshot>;

/** A turn through the UI: a tile (plain ones first), its place, and the end of the turn. */
async function annPlays(player: Player = ann): Promise<void> {
  const { page } = player;
  const playable = await page.$$eval('[data-testid=hand-tile][data-playable=true]', (els) => els.map((e) => (e as HTMLElement).dataset.tile!));
  if (playable.length === 0) return;
  const plain = playable.filter((t) => t !== 'switch' && t !== 'move');
  await page.click(`[data-testid=hand-tile][data-tile=${pick(plain.length ? plain : playable)}]`);
  for (let step = 0; step < 2; step++) {
    await chooseTarget(player, false);
    const s = await settled(page);
    if (s.canEnd || !s.yourTurn) break;
  }
  // Away from the board, so no preview is drawn when the next state arrives.
  await page.mouse.move(2, 2);
  const done = await turnsDone(page);
  const after = await settled(page);
  if (after.yourTurn && after.canEnd) await page.click('[data-testid=end-turn]');
  await waitFor('the turn to end', async () => (await turnsDone(page)) > done || (await gameState(page)).phase === 'over');
}

test('a whole game against a bot, watched live, then replayed step by step through two pairs of eyes', async () => {
  await ann.page.goto(server.url);
  await ann.page.fill('[data-testid=name]', 'Ann');
  for (const option of ['#create-players-2', '#create-startingHands-random', '#create-setup-random']) await ann.page.check(option, { force: true });
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  await ann.page.click('[data-testid=add-bot]');
  await waitFor('the bot to sit down', async () => (await ann.page.$$('[data-testid=lobby-seat][data-kind=bot]')).length === 1);
  code = (await ann.page.textContent('[data-testid=room-code]'))!.trim();
  await watcher.page.goto(`${server.url}/?room=${code}`);
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');
  await ann.page.click('[data-testid=start]');
  for (const p of [ann, watcher]) {
    await p.page.waitForSelector('[data-testid=game][data-board-ready=true]');
    await record(p.page);
  }

  for (let guard = 0; guard < 400; guard++) {
    const state = await gameState(ann.page);
    if (state.phase === 'over') break;
    if (state.yourTurn && !state.pending) await annPlays();
    else await new Promise((r) => setTimeout(r, 60));
  }
  for (const p of [ann, watcher]) await p.page.waitForSelector('[data-testid=scoring]', { timeout: 30_000 });
  // The last patch's screen, once every flight has landed.
  await new Promise((r) => setTimeout(r, 2000));
  annSaw = await seen(ann.page);
  watcherSaw = await seen(watcher.page);

  // "Watch again" opens the viewer on this room's game.
  const href = (await ann.page.getAttribute('[data-testid=watch-again]', 'href'))!;
  expect(href).toBe(`${server.url}/?replay=${code}&game=1`);
  const viewer = await openPage(ann.page.context(), 'Ann replay');
  await viewer.page.goto(href);
  await viewer.page.waitForSelector('[data-testid=replay][data-state=ready]');
  const steps = Number(await viewer.page.getAttribute('[data-testid=replay]', 'data-steps'));
  expect(steps).toBeGreaterThan(20);
  expect(await viewer.page.inputValue('[data-testid=replay-link]')).toBe(`${server.url}/replay/${code}/1`);

  for (const [perspective, saw] of [
    ['0', annSaw],
    ['spectator', watcherSaw],
  ] as const) {
    await viewer.page.selectOption('[data-testid=replay-perspective]', perspective);
    if (await viewer.page.isEnabled('[data-testid=replay-start]')) await viewer.page.click('[data-testid=replay-start]');
    let boards = 0;
    let matched = 0;
    for (let step = 0; step < steps; step++) {
      if (step > 0) await viewer.page.click('[data-testid=replay-forward]');
      await viewer.page.waitForSelector(`[data-testid=replay][data-step="${step}"] [data-testid=game][data-board-ready=true]`);
      const shown = await snapshot(viewer.page);
      const live = saw[shown.log.length];
      // A loaded server may send two quick moves in one patch: that step was never on the live screen.
      if (!live) continue;
      matched++;
      // Each step the live screen showed, with the same log, tallies and board.
      expect({ perspective, step, log: shown.log }).toEqual({ perspective, step, log: live.log });
      expect(shown.seats).toEqual(live.seats);
      expect(shown.aside).toEqual(live.aside);
      if (live.board !== null) {
        expect(shown.board).toEqual(live.board);
        boards++;
      }
    }
    expect(matched).toBeGreaterThanOrEqual(steps * 0.9);
    // The live board showed a preview now and then as Ann pointed; never the spectator's.
    expect(boards).toBeGreaterThanOrEqual(perspective === 'spectator' ? matched : matched * 0.8);
    if (perspective === '0') {
      // Ann's eyes: her hand as it was at the end; the bot's stays hidden, as its tally would with more players.
      expect(await viewer.page.$$('[data-testid=replay-game] [data-testid=hand]')).toHaveLength(1);
    } else {
      expect(await viewer.page.$$('[data-testid=replay-game] [data-testid=hand-tile]')).toHaveLength(0);
    }
  }
  // Everything: every hand shows.
  await viewer.page.selectOption('[data-testid=replay-perspective]', 'everything');
  if (await viewer.page.isEnabled('[data-testid=replay-start]')) await viewer.page.click('[data-testid=replay-start]');
  await viewer.page.click('[data-testid=replay-turn-forward]');
  expect(await viewer.page.$$('[data-testid=replay-hand]')).toHaveLength(2);
  await screenshot(viewer.page, 'replay');

  // Jump from the log: its third line takes the replay to the step it happened at.
  await viewer.page.click('[data-testid=replay-end]');
  await viewer.page.click('[data-testid=scoring] >> text=Look at the board');
  await viewer.page.click('[data-testid=replay-game] [data-testid=log] > li >> nth=2');
  await waitFor('the jump', async () => (await snapshot(viewer.page)).log.length === 3);
  // Playing at a speed steps on by itself.
  await viewer.page.selectOption('[data-testid=replay-speed]', '8');
  const from = Number(await viewer.page.getAttribute('[data-testid=replay]', 'data-step'));
  await viewer.page.click('[data-testid=replay-play]');
  await waitFor('the replay to play on', async () => Number(await viewer.page.getAttribute('[data-testid=replay]', 'data-step')) >= from + 5);
  await viewer.page.click('[data-testid=replay-play]');
  expect([...ann.errors, ...watcher.errors, ...viewer.errors]).toEqual([]);
});

test('a shared replay link opens in a fresh browser, at the game’s end as it was seen live', async () => {
  expect(code).not.toBe('');
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const { page, errors } = await openPage(context, 'Fresh');
  await page.goto(`${server.url}/replay/${code.toLowerCase()}/1`);
  await page.waitForSelector('[data-testid=replay][data-state=ready]');
  expect(page.url()).toBe(`${server.url}/?replay=${code}&game=1`);
  await page.selectOption('[data-testid=replay-perspective]', 'spectator');
  await page.click('[data-testid=replay-end]');
  await page.waitForSelector('[data-testid=replay-game] [data-testid=game][data-board-ready=true]');
  const shown = await snapshot(page);
  const last = watcherSaw[Math.max(...Object.keys(watcherSaw).map(Number))];
  expect(shown.log).toEqual(last.log);
  expect(shown.board).toEqual(last.board);
  expect(shown.seats).toEqual(last.seats);
  // The names come from the room's history, not "Seat 1".
  expect(shown.log.join(' ')).toContain('Ann');
  // A game that never was: said so, and a way home.
  await page.goto(`${server.url}/replay/${code}/2`);
  await page.waitForSelector('[data-testid=replay-error]');
  expect(await page.textContent('[data-testid=replay-error]')).toContain(en.replay.errors.notFound);
  await page.click('[data-testid=replay-home]');
  await page.waitForSelector('[data-testid=home]');
  expect(page.url()).toBe(`${server.url}/`);
  expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
  await context.close();
});

test('a record file dropped on the home page is verified first: a tampered one is refused, naming the rule it breaks', async () => {
  const record = await (await fetch(`${server.url}/api/rooms/${code}/record?game=1`)).json();
  // Plays of a tile on land (a ship's hex is sea: laid on land it would break another rule).
  const onLand = (t: { plays: { hex?: string }[] }) => !!t.plays[0]?.hex && HEXES[hexIndex(t.plays[0].hex)].kind === 'land';
  const turn = record.turns.findIndex(onLand);
  const tampered = JSON.parse(JSON.stringify(record));
  // A later turn's first tile laid again on that turn's hex: the hex is taken.
  const later = tampered.turns.findIndex((t: { plays: { hex?: string }[] }, i: number) => i > turn && onLand(t));
  tampered.turns[later].plays[0].hex = record.turns[turn].plays[0].hex;

  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const { page, errors } = await openPage(context, 'Dropper');
  await page.goto(server.url);
  await page.waitForSelector('[data-testid=record-drop]');
  const drop = async (name: string, text: string) => {
    const transfer = await page.evaluateHandle(
      ([n, t]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([t], n, { type: 'application/json' }));
        return dt;
      },
      [name, text] as const,
    );
    await page.dispatchEvent('[data-testid=home]', 'drop', { dataTransfer: transfer });
  };
  await drop('tampered.json', JSON.stringify(tampered));
  await page.waitForSelector('[data-testid=replay-error]');
  expect(await page.getAttribute('[data-testid=replay-error]', 'data-rule')).toBe('play/occupied');
  const message = (await page.textContent('[data-testid=replay-error]'))!;
  expect(message).toContain('play/occupied');
  expect(message).toContain(`turns[${later}]`);
  await screenshot(page, 'replay-refused');

  // The untouched record, chosen with the file button, opens (seats numbered: a file names nobody).
  await page.click('[data-testid=replay-home]');
  await page.setInputFiles('[data-testid=record-file]', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
  await page.waitForSelector('[data-testid=replay][data-state=ready]');
  await page.click('[data-testid=replay-end]');
  await page.waitForSelector('[data-testid=replay-game] [data-testid=game][data-board-ready=true]');
  expect((await snapshot(page)).board).toEqual(watcherSaw[Math.max(...Object.keys(watcherSaw).map(Number))].board);
  expect(await page.textContent('[data-testid=replay-perspective]')).toContain(en.replay.seat.replace('{{n}}', '1'));
  // Not JSON at all.
  await page.click('[data-testid=replay-home]');
  await drop('notes.txt', 'hello');
  await page.waitForSelector('[data-testid=replay-error]');
  expect(await page.textContent('[data-testid=replay-error]')).toContain(en.replay.errors.notJson.split(' (')[0]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a spectator who joins late looks back through the game so far, and sees nothing hidden', async () => {
  const annPage = await openPage(await browser.newContext({ viewport: { width: 1280, height: 860 } }), 'Ann2');
  const early = await openPage(await browser.newContext({ viewport: { width: 1280, height: 860 } }), 'Early');
  const late = await openPage(await browser.newContext({ viewport: { width: 1280, height: 860 } }), 'Late');
  const player: Player = { label: 'Ann2', touch: false, ...annPage };
  await player.page.goto(server.url);
  await player.page.fill('[data-testid=name]', 'Ann');
  for (const option of ['#create-players-2', '#create-startingHands-random', '#create-setup-random']) await player.page.check(option, { force: true });
  await player.page.click('[data-testid=create]');
  await player.page.waitForSelector('[data-testid=lobby]');
  await player.page.click('[data-testid=add-bot]');
  await waitFor('the bot to sit down', async () => (await player.page.$$('[data-testid=lobby-seat][data-kind=bot]')).length === 1);
  const room = (await player.page.textContent('[data-testid=room-code]'))!.trim();
  await early.page.goto(`${server.url}/?room=${room}`);
  await early.page.click('[data-testid=watch]');
  await early.page.waitForSelector('[data-testid=lobby]');
  await player.page.click('[data-testid=start]');
  await early.page.waitForSelector('[data-testid=game][data-board-ready=true]');
  await record(early.page);
  // Ann plays four turns (the bot four too), watched from the start.
  for (let turns = 0; turns < 4;) {
    const state = await gameState(player.page);
    if (state.yourTurn && !state.pending) {
      await annPlays(player);
      turns++;
    } else await new Promise((r) => setTimeout(r, 60));
  }
  await new Promise((r) => setTimeout(r, 800));
  const earlySaw = await seen(early.page);

  // Now a late spectator, who saw none of it.
  await late.page.goto(`${server.url}/?room=${room}`);
  await late.page.click('[data-testid=watch]');
  await late.page.waitForSelector('[data-testid=game][data-board-ready=true]');
  await late.page.waitForSelector('[data-testid=scrub]:not([hidden])');
  // On the wire: no seat of the spectator's room state holds a hand, an own tally or a draw.
  const secrets = await late.page.evaluate(() => {
    const state = (window as unknown as { tableApp: { current: { connection: { state: { seats: ArrayLike<Record<string, unknown>> } } } } }).tableApp.current
      .connection.state;
    return Array.from(state.seats).flatMap((s) => ['hand', 'ownCaptured', 'drawn'].filter((k) => s[k] !== undefined));
  });
  expect(secrets).toEqual([]);
  const liveLength = (await snapshot(late.page)).log.length;
  let looked = 0;
  let matched = 0;
  for (;;) {
    if (!(await late.page.isEnabled('[data-testid=scrub-back]'))) break;
    const before = await late.page.getAttribute('.spectator-screen', 'data-looking');
    await late.page.click('[data-testid=scrub-back]');
    const now = await late.page.getAttribute('.spectator-screen', 'data-looking');
    if (now === before) break;
    const shown = await snapshot(late.page);
    const then = earlySaw[shown.log.length];
    looked++;
    // Nothing hidden: no hand on the page, none in the model it shows.
    expect(await late.page.$$('[data-testid=hand-tile]')).toHaveLength(0);
    expect(
      await late.page.evaluate(() =>
        (window as unknown as { tableApp: { current: { vm: { view: { hands: unknown[] } } } } }).tableApp.current.vm.view.hands.every((h) => h === null),
      ),
    ).toBe(true);
    if (shown.log.length <= 1) break;
    // Two quick moves in one patch: a step the early spectator never saw.
    if (!then) continue;
    matched++;
    // What the spectator who was there saw at that moment: board, log, tallies.
    expect(shown.log).toEqual(then.log);
    expect(shown.board).toEqual(then.board);
    expect(shown.seats).toEqual(then.seats);
    expect(shown.aside).toEqual(then.aside);
  }
  expect(looked).toBeGreaterThan(8);
  expect(matched).toBeGreaterThanOrEqual(looked * 0.8);
  expect(looked).toBeLessThanOrEqual(liveLength);
  await screenshot(late.page, 'spectator-looking-back');
  await late.page.click('[data-testid=scrub-live]');
  await waitFor('the live game again', async () => (await late.page.getAttribute('.spectator-screen', 'data-looking')) === 'live');
  expect([...player.errors, ...early.errors, ...late.errors]).toEqual([]);
});
