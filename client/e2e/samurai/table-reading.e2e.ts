/**
 * The table people expect, in Samurai: the board readable at a glance at 1280×800 with four
 * players (sizes measured on the drawn board through its own coordinate mapping), lead rings
 * thick enough to see, the log in words found on the board (hover on a desktop, tap on a phone
 * points its hexes out), and a preview of every play before it is made — by mouse (resting on
 * a target), keyboard (the focused target) and touch (the first tap) — whose promised captures
 * are the ones the log then reports.
 */
import { Browser, Page } from 'playwright-core';
import { boardFor, HEXES, hexIndex, TILE_ID, TILES } from '@samurai/shared';
import { gameState, settled, targetPoint, targets, turnsDone } from './driver';
import { launchBrowser, openPage, Player, screenshot, startServer, TestServer, waitFor, watchedPlayers } from '../support';

let server: TestServer;
let browser: Browser;
let ann: Player;
let ben: Player;

interface Readability {
  angle: number;
  hexRadius: number;
  smallestPiece: number;
  largestPiece: number;
  openLandFont: number;
  leadRing: number;
  spanX: number;
  spanY: number;
  placeNames: string[];
  placeNameFont: number;
}

function readability(page: Page): Promise<Readability> {
  return page.evaluate(() => {
    const screen = (window as unknown as { tableApp: { current: { screen: { boardView: { readability(): unknown } | null } } } }).tableApp.current.screen;
    return screen.boardView!.readability() as Readability;
  });
}

/** Who sits where: the viewer's seat. */
async function seatOf(page: Page): Promise<number> {
  return (await gameState(page)).seat;
}

async function previewShown(page: Page): Promise<string> {
  return page.$eval('[data-testid=game]', (el) => (el as HTMLElement).dataset.preview ?? '');
}

/** Picks a plain tile (not switch or move) from the hand; returns its name. */
async function pickPlainTile(player: Player): Promise<string> {
  const playable = '[data-testid=hand-tile][data-playable=true]:not([data-tile=switch]):not([data-tile=move])';
  const tile = await player.page.$eval(playable, (e) => (e as HTMLElement).dataset.tile!);
  const selector = `[data-testid=hand-tile][data-tile=${tile}]`;
  if (player.touch) await player.page.tap(selector);
  else await player.page.click(selector);
  return tile;
}

async function endTurn(player: Player): Promise<void> {
  await waitFor('the end of the turn to be allowed', async () => (await settled(player.page)).canEnd);
  const before = await turnsDone(player.page);
  if (player.touch) await player.page.tap('[data-testid=end-turn]');
  else await player.page.click('[data-testid=end-turn]');
  await waitFor('the turn to end', async () => (await turnsDone(player.page)) > before);
}

async function waitForTurn(player: Player): Promise<boolean> {
  const s = await waitFor(
    'Ann’s turn or the end',
    async () => {
      const state = await gameState(player.page);
      return (state.yourTurn && !state.pending) || state.phase === 'over' ? state : null;
    },
    60_000,
  );
  if (s.phase === 'over') return false;
  await waitFor('a playable tile', async () => (await player.page.$$('[data-testid=hand-tile][data-playable=true]')).length > 0);
  return true;
}

beforeAll(async () => {
  server = await startServer({ BOT_DELAY_MS: '30' });
  browser = await launchBrowser();
  ann = { label: 'Ann-reading', touch: false, ...(await openPage(await browser.newContext({ viewport: { width: 1280, height: 800 } }), 'Ann')) };
  ben = {
    label: 'Ben-phone',
    touch: true,
    ...(await openPage(await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }), 'Ben')),
  };
  watchedPlayers.push(ann, ben);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('at 1280×800 with four players the board is readable without zooming, and the side panel takes no more than it needs', async () => {
  await ann.page.goto(server.url);
  await ann.page.fill('[data-testid=name]', 'Ann');
  for (const option of ['#create-players-4', '#create-startingHands-random', '#create-setup-random']) await ann.page.check(option, { force: true });
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  for (let i = 0; i < 3; i++) {
    await ann.page.click('[data-testid=add-bot] >> nth=0');
    await waitFor('a bot to sit down', async () => (await ann.page.$$('[data-testid=lobby-seat][data-kind=bot]')).length === i + 1);
  }
  await ann.page.click('[data-testid=start]');
  await ann.page.waitForFunction(
    () =>
      document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.boardReady === 'true' &&
      document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.phase === 'play',
  );

  const r = await readability(ann.page);
  // Turned across the wide screen, edge to edge one way.
  expect(r.angle).toBeCloseTo(Math.PI / 6);
  expect(Math.max(r.spanX, r.spanY)).toBeGreaterThan(0.96);
  expect(r.smallestPiece).toBeGreaterThanOrEqual(18);
  expect(r.openLandFont).toBeGreaterThanOrEqual(11);
  // Edo and the cities carry the names the log uses.
  expect(r.placeNames.slice().sort()).toEqual(['EDO', 'KYOTO', 'MATSUMAE', 'SENDAI']);
  expect(r.placeNameFont).toBeGreaterThanOrEqual(9);

  // The side panel: at most 340 px, nothing in it cut off sideways; the board has the rest.
  const layout = await ann.page.evaluate(() => {
    const side = document.querySelector<HTMLElement>('.side')!;
    const board = document.querySelector<HTMLElement>('.board-area')!;
    return { side: side.getBoundingClientRect().width, overflow: side.scrollWidth - side.clientWidth, board: board.getBoundingClientRect().width };
  });
  expect(layout.side).toBeLessThanOrEqual(340);
  expect(layout.overflow).toBeLessThanOrEqual(0);
  expect(layout.board).toBeGreaterThanOrEqual(1280 - 340);
  await screenshot(ann.page, 'reading-4p');
  console.log(
    `1280×800, 4 players: hex radius ${r.hexRadius.toFixed(1)} px, pieces ${r.smallestPiece.toFixed(1)}–${r.largestPiece.toFixed(1)} px, open-land ${r.openLandFont.toFixed(1)} px, side ${layout.side} px, span ${r.spanX.toFixed(2)}×${r.spanY.toFixed(2)}`,
  );
});

test('by mouse: resting on a target previews its play (influence per piece of each settlement it borders); the click makes it', async () => {
  expect(await waitForTurn(ann)).toBe(true);
  const seat = await seatOf(ann.page);
  const tile = await pickPlainTile(ann);
  const options = await targets(ann.page);
  // A target beside a settlement, so the preview has influence to show.
  const board = boardFor(4);
  const target = options.find((t) => board.adjacentSettlements[hexIndex(t.hex)].length > 0) ?? options[0];
  const bordered = board.adjacentSettlements[hexIndex(target.hex)];
  const p = await targetPoint(ann.page, target.hex, -1);
  await ann.page.mouse.move(p.x, p.y);
  await waitFor('the preview', async () => (await previewShown(ann.page)) === target.hex);
  expect(await ann.page.isVisible('[data-testid=preview]')).toBe(true);
  const shown = await ann.page.$$eval('[data-testid=preview-settlement]', (els) => els.map((e) => Number((e as HTMLElement).dataset.settlement)));
  expect(shown.sort()).toEqual(bordered.slice().sort());
  // Ann's influence grows by the tile's strength on the castes it works on, nowhere else.
  const info = TILES[TILE_ID[tile as keyof typeof TILE_ID]];
  const cells = await ann.page.$$eval(`[data-testid=preview-settlement] tr td[data-seat="${seat}"]`, (els) =>
    els.map((e) => ({
      caste: Number((e.closest('tr') as HTMLElement).dataset.caste),
      before: Number((e as HTMLElement).dataset.before),
      after: Number((e as HTMLElement).dataset.after),
    })),
  );
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) expect(cell.after - cell.before).toBe(info.influence & (1 << cell.caste) ? info.strength : 0);
  // Nothing was sent yet.
  expect((await gameState(ann.page)).canUndo).toBe(false);
  await screenshot(ann.page, 'preview-mouse');

  const logBefore = await ann.page.$$eval('[data-testid=log] li', (els) => els.length);
  await ann.page.mouse.click(p.x, p.y);
  await waitFor('the play', async () => (await settled(ann.page)).canUndo);
  expect(await previewShown(ann.page)).toBe('');
  await waitFor('the log line', async () => (await ann.page.$$eval('[data-testid=log] li', (els) => els.length)) > logBefore);
  await endTurn(ann);
});

test('by keyboard: the focused target is previewed, arrows move the preview, Enter makes the play', async () => {
  expect(await waitForTurn(ann)).toBe(true);
  const playable = '[data-testid=hand-tile][data-playable=true]:not([data-tile=switch]):not([data-tile=move])';
  await ann.page.focus(playable);
  await ann.page.keyboard.press('Enter');
  const first = await waitFor('a preview of the first target', async () => (await previewShown(ann.page)) || null);
  expect((await targets(ann.page)).map((t) => t.hex)).toContain(first);
  let moved = first;
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
    await ann.page.keyboard.press(key);
    moved = await previewShown(ann.page);
    if (moved !== first) break;
  }
  expect(moved).not.toBe(first);
  expect(await ann.page.textContent('[data-testid=preview]')).toMatch(/Enter plays it/);
  await ann.page.keyboard.press('Enter');
  await waitFor('the play', async () => (await settled(ann.page)).canUndo);
  await endTurn(ann);
});

test('a capture the preview promises is the one the log reports', async () => {
  let promised: string | null = null;
  for (let turn = 0; turn < 30 && !promised; turn++) {
    if (!(await waitForTurn(ann))) break;
    await pickPlainTile(ann);
    const options = await targets(ann.page);
    // Rest on each target in turn until one would capture.
    for (const t of options) {
      const p = await targetPoint(ann.page, t.hex, -1);
      await ann.page.mouse.move(p.x, p.y);
      await waitFor('its preview', async () => (await previewShown(ann.page)) === t.hex);
      const captures = await ann.page.$('[data-testid=preview-captures]');
      if (!captures) continue;
      promised = (await captures.textContent())!;
      await screenshot(ann.page, 'preview-capture');
      await ann.page.mouse.click(p.x, p.y);
      break;
    }
    if (!promised) {
      // None would: play the first and go on.
      const p = await targetPoint(ann.page, options[0].hex, -1);
      await ann.page.mouse.click(p.x, p.y);
    }
    await waitFor('the play', async () => (await settled(ann.page)).canUndo || (await gameState(ann.page)).phase === 'over');
    await endTurn(ann);
  }
  expect(promised).not.toBeNull();
  // "When the turn ends: You take the Buddha of Kyoto. Kenji takes …" against the log's "Ann captured the Buddha of Kyoto."
  const lines = (await ann.page.$$eval('[data-testid=log] li.capture', (els) => els.map((e) => e.textContent!.trim()))).slice(-6);
  const sentences = promised!.replace(/^When the turn ends: |^At once: /, '').split(/(?<=\.) /);
  for (const sentence of sentences) {
    const taken = /^(You|.+?) takes? the (.+) of (.+)\.$/.exec(sentence);
    const aside = /^The (.+) of (.+) is set aside/.exec(sentence);
    if (taken) {
      const who = taken[1] === 'You' ? 'Ann' : taken[1];
      expect(lines).toContain(`${who} captured the ${taken[2]} of ${taken[3]}.`);
    } else {
      expect(aside).not.toBeNull();
      expect(lines.some((l) => l.startsWith(`The ${aside![1]} of ${aside![2]} was set aside`))).toBe(true);
    }
  }
});

test('lead rings are thick enough to see, and the log names places in words, each pointing its hexes out', async () => {
  const r = await readability(ann.page);
  expect(r.leadRing).toBeGreaterThanOrEqual(3);
  const lines = await ann.page.$$eval('[data-testid=log] li', (els) =>
    els.map((e) => ({ text: e.textContent!, hexes: (e as HTMLElement).dataset.hexes ?? '' })),
  );
  const placed = lines.filter((l) => l.hexes);
  expect(placed.length).toBeGreaterThan(3);
  for (const line of lines) expect(line.text).not.toMatch(/\d+,\d+/);
  // Resting on a line outlines its hexes on the board.
  const index = lines.indexOf(placed[placed.length - 1]);
  await ann.page.hover(`[data-testid=log] li >> nth=${index}`);
  const names = placed[placed.length - 1].hexes
    .split(' ')
    .map((h) => HEXES[Number(h)].name)
    .join(' ');
  await waitFor('the hexes pointed out', async () => (await ann.page.$eval('[data-testid=game]', (el) => (el as HTMLElement).dataset.pointed)) === names);
  await screenshot(ann.page, 'reading-4p-later');
});

test('on a phone: the first tap on a target previews the play and sends nothing, the second makes it; a tapped log line points its hexes out', async () => {
  await ben.page.goto(server.url);
  await ben.page.fill('[data-testid=name]', 'Ben');
  for (const option of ['#create-players-2', '#create-startingHands-random', '#create-setup-random']) await ben.page.check(option, { force: true });
  await ben.page.tap('[data-testid=create]');
  await ben.page.waitForSelector('[data-testid=lobby]');
  await ben.page.tap('[data-testid=add-bot] >> nth=0');
  await waitFor('the bot', async () => (await ben.page.$$('[data-testid=lobby-seat][data-kind=bot]')).length === 1);
  await ben.page.tap('[data-testid=start]');
  await ben.page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.boardReady === 'true');
  expect(await waitForTurn(ben)).toBe(true);
  const phone = await readability(ben.page);
  expect(phone.angle).toBe(0); // upright on a phone held upright
  await pickPlainTile(ben);
  const target = (await targets(ben.page)).find((t) => boardFor(2).adjacentSettlements[hexIndex(t.hex)].length > 0)!;
  await ben.page.$eval('[data-testid=board]', (el) => el.scrollIntoView({ block: 'nearest' }));
  const p = await targetPoint(ben.page, target.hex, -1);
  const logBefore = await ben.page.$$eval('[data-testid=log] li', (els) => els.length);
  await ben.page.touchscreen.tap(p.x, p.y);
  await waitFor('the preview', async () => (await previewShown(ben.page)) === target.hex);
  expect(await ben.page.isVisible('[data-testid=preview]')).toBe(true);
  expect(await ben.page.textContent('[data-testid=preview]')).toMatch(/Tap it again/);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const waiting = await gameState(ben.page);
  expect([waiting.pending, waiting.canUndo]).toEqual([false, false]);
  expect(await ben.page.$$eval('[data-testid=log] li', (els) => els.length)).toBe(logBefore);
  await screenshot(ben.page, 'preview-phone');
  // The card leaves the target free: the second tap meets the board, not the card.
  expect(await ben.page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [p.x, p.y] as const)).toBe('CANVAS');
  await ben.page.touchscreen.tap(p.x, p.y);
  await waitFor('the play', async () => (await settled(ben.page)).canUndo);
  await endTurn(ben);

  // A tap on a log line points its hexes out; a second tap lets go (on Ben's turn, when the bot's moves no longer redraw the log).
  expect(await waitForTurn(ben)).toBe(true);
  const index = await ben.page.$$eval('[data-testid=log] li', (els) => els.map((e) => (e as HTMLElement).dataset.hexes ?? '').findIndex((h) => h !== ''));
  const line = ben.page.locator('[data-testid=log] li').nth(index);
  await line.scrollIntoViewIfNeeded();
  const hexes = (await line.getAttribute('data-hexes'))!
    .split(' ')
    .map((h) => HEXES[Number(h)].name)
    .join(' ');
  await line.tap();
  await waitFor('the hexes pointed out', async () => (await ben.page.$eval('[data-testid=game]', (el) => (el as HTMLElement).dataset.pointed)) === hexes);
  await screenshot(ben.page, 'log-tap-phone');
  await line.scrollIntoViewIfNeeded();
  await line.tap();
  await waitFor('the hexes let go', async () => (await ben.page.$eval('[data-testid=game]', (el) => (el as HTMLElement).dataset.pointed)) === '');
});

test('no page raised an error', () => {
  expect([...ann.errors, ...ben.errors]).toEqual([]);
});
