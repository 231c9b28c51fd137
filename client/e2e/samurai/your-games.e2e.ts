/**
 * At your own pace, across two browsers that close and come back: Ann and Ben play a slow game
 * (a day a move), close their browsers (the table leaves the server's memory), and each finds it
 * on the home page's list of their games, "your turn" in the browser whose move it is and
 * "waiting for" in the other; the mover opens it from the list and plays, and once both have
 * closed and come back again, the list says so the other way round.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { openPage, Player, screenshot, useServerAndBrowser, waitFor, watchedPlayers } from '../support';
import { gameState, playOneTurn } from './driver';

/** The table leaves memory a second after its last browser has gone. */
const e2e = useServerAndBrowser({ EMPTY_ROOM_TTL_MS: '1000', INTERNAL_ADDRESSES: 'loopback' });

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface Person extends Player {
  readonly context: BrowserContext;
}

async function open(browser: Browser, label: string, state?: StorageState): Promise<Person> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: state });
  const person = { label, touch: false, context, ...(await openPage(context, label)) };
  watchedPlayers.push(person);
  return person;
}

/** Closes the browser, keeping what it stored (its seat tokens, its list) for when it comes back. */
async function close(person: Person): Promise<StorageState> {
  expect(person.errors).toEqual([]);
  const state = await person.context.storageState();
  await person.context.close();
  return state;
}

const roomsLoaded = async () => ((await (await fetch(`${e2e.server.url}/health`)).json()) as { rooms: number }).rooms;

/** The home page's entry for room `code`, once the server has answered for it: whether it says "your turn", and its line. */
async function listed(person: Person, code: string): Promise<{ yourTurn: boolean; state: string }> {
  await person.page.goto(e2e.server.url);
  const entry = `[data-testid=your-game][data-room="${code}"]`;
  return waitFor(`${person.label}'s list to show ${code}`, async () => {
    // Drawn first as last known, then again once the server has answered.
    if ((await person.page.getAttribute('[data-testid=resume]', 'data-as').catch(() => null)) !== 'fresh') return null;
    const state = (await person.page.textContent(`${entry} [data-testid=your-game-state]`).catch(() => null)) ?? '';
    if (!/·/.test(state)) return null; // not answered yet (no last move)
    return { yourTurn: (await person.page.getAttribute(entry, 'data-your-turn')) === 'true', state };
  });
}

test('a slow game across two browsers that close and come back: the list shows "your turn" in the right one', async () => {
  const { browser } = e2e;
  let ann = await open(browser, 'Ann');
  let ben = await open(browser, 'Ben');
  await ann.page.goto(e2e.server.url);
  await ann.page.fill('[data-testid=name]', 'Ann');
  for (const option of ['#create-players-2', '#create-startingHands-random', '#create-setup-random']) await ann.page.check(option, { force: true });
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  await ann.page.check('#lobby-table-clock-move-1d', { force: true });
  const invite = await ann.page.inputValue('[data-testid=invite-link]');
  const code = new URL(invite).searchParams.get('room')!;
  await ben.page.goto(invite);
  await ben.page.fill('[data-testid=name]', 'Ben');
  await ben.page.click('[data-testid=join]');
  await ben.page.waitForSelector('[data-testid=lobby]');
  await waitFor('Ben to see the slow clock chosen', async () => (await ben.page.textContent('[data-testid=lobby]'))?.includes('1 day a move') ?? false);
  await screenshot(ann.page, 'your-games-slow-lobby');
  await ann.page.click('[data-testid=start]:not([disabled])');
  await waitFor('the game', async () => (await Promise.all([ann, ben].map((p) => gameState(p.page)))).every((s) => s.phase === 'play'));
  const annFirst = (await gameState(ann.page)).yourTurn;

  // Both close their browsers; the table leaves memory.
  let annState = await close(ann);
  let benState = await close(ben);
  await waitFor('the table to leave memory', async () => (await roomsLoaded()) === 0);

  // Each comes back to the home page: the list says whose turn it is, from the store.
  ann = await open(browser, 'Ann', annState);
  ben = await open(browser, 'Ben', benState);
  const [annSees, benSees] = [await listed(ann, code), await listed(ben, code)];
  expect([annSees.yourTurn, benSees.yourTurn]).toEqual([annFirst, !annFirst]);
  expect((annFirst ? annSees : benSees).state).toMatch(/^Your turn/);
  expect((annFirst ? benSees : annSees).state).toMatch(annFirst ? /^Waiting for Ann/ : /^Waiting for Ben/);
  expect(await roomsLoaded()).toBe(0);
  await screenshot((annFirst ? ann : ben).page, 'your-games-your-turn');

  // The mover opens the game from the list and plays their move.
  const mover = annFirst ? ann : ben;
  await mover.page.click(`[data-testid=return-to-game][data-room="${code}"]`);
  await waitFor('the game, the mover to play', async () => (await gameState(mover.page)).yourTurn);
  await playOneTurn(mover);

  // Both close and come back once more: the other way round now.
  annState = await close(ann);
  benState = await close(ben);
  ann = await open(browser, 'Ann', annState);
  ben = await open(browser, 'Ben', benState);
  const [annAfter, benAfter] = [await listed(ann, code), await listed(ben, code)];
  expect([annAfter.yourTurn, benAfter.yourTurn]).toEqual([!annFirst, annFirst]);
  await close(ann);
  await close(ben);
});
