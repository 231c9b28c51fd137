/**
 * A late Mangoku spectator looks back: Hiro (a colyseus.js client standing in for a person, who
 * takes a moment over each move) plays against two bots while a spectator watches from the start
 * and keeps what its page showed after each change; a second spectator arrives mid-game and steps
 * back turn by turn. At each moment it shows what the first spectator's page showed then (log,
 * players' coins and cards, the discard pile, whose turn), on the same card table, and never a hand.
 */
import { Browser, Page } from 'playwright-core';
import { mangoku } from '@samurai/shared';
import { MangokuClient } from '../../../server/src/games/mangoku/test-support/MangokuClient';
import { launchBrowser, openPage, screenshot, startServer, TestServer, waitFor } from '../support';

/** Each move of the bots and of Hiro waits this long, so that each arrives as a patch of its own. */
const DELAY_MS = 250;

let server: TestServer;
let browser: Browser;
let host: MangokuClient | null = null;
let hostTimer: ReturnType<typeof setTimeout> | undefined;

beforeAll(async () => {
  server = await startServer({ BOT_DELAY_MS: String(DELAY_MS) });
  browser = await launchBrowser();
});

afterAll(async () => {
  clearTimeout(hostTimer);
  await host?.leave().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

interface Snapshot {
  log: string[];
  seats: string[];
  discard: string;
  campaign: string;
  step: string;
  banner: string;
}

/** What a page's Mangoku game screen shows now, in words: the log, each seat's coins and cards, the discard pile, whose turn. */
const SNAPSHOT = `() => {
  const root = document.querySelector('[data-testid=game]');
  if (!root) return null;
  return {
    log: [...root.querySelectorAll('[data-testid=log] > li')].map((li) => li.textContent),
    seats: [...root.querySelectorAll('[data-testid=seat-card] .seat-status')].map((s) => s.textContent),
    discard: root.querySelector('[data-testid=open-discard]').textContent,
    campaign: root.dataset.campaign,
    step: root.dataset.step,
    banner: root.querySelector('[data-testid=turn-banner] strong')?.textContent ?? '',
  };
}`;

/**
 * Keeps, in the page, the first snapshot shown at each length of each game's log (the log the
 * model it shows holds: one entry per deal, event, turn, draw-off round and end), as 'game:length'.
 */
async function recordFirstSeen(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const snapshot = ${SNAPSHOT};
    window.__seen = {};
    const keep = () => {
      const vm = window.tableApp.current.vm;
      if (!vm || !vm.view) return;
      const length = vm.view.campaigns.reduce((n, c) => n + 1 + c.turns.length + c.events.length + c.drawOff.length + (c.end ? 1 : 0), 0);
      const key = vm.game + ':' + length;
      if (window.__seen[key]) return;
      const s = snapshot();
      // Only a turn's start, as looking back shows it: a page that drew two patches at once
      // (a slow machine) shows the key first with the turn's play in it, a moment to skip.
      if (s && (s.step === 'play' || s.step === 'deal')) window.__seen[key] = s;
    };
    keep();
    new MutationObserver(keep).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  })()`);
}

let hostPlays = true;

/** Hiro plays from his own view, as a person who thinks for DELAY_MS before each move (until hostPlays is false). */
function playSlowly(client: MangokuClient): void {
  let lastActed = '';
  const rng = { int: (n: number) => Math.floor(Math.random() * n) };
  const act = () => {
    const state = client.room.state;
    const seat = client.seat;
    if (!hostPlays || seat === 'spectator' || state.phase !== 'play') return;
    const view = mangoku.viewFromRoomState(state, seat)?.view;
    if (!view || mangoku.legalMoves(view, seat).length === 0) return;
    const own = state.seats[seat];
    const key = [state.log.length, state.step, state.turn, own.hand, own.answer, own.taken].join('|');
    if (key === lastActed) return;
    lastActed = key;
    client.sendMove(mangoku.randomBot.chooseMove(view, seat, rng));
  };
  client.room.onStateChange(() => {
    clearTimeout(hostTimer);
    hostTimer = setTimeout(act, DELAY_MS);
  });
}

/** What a page shows of hands: its model's, its table's face-up ones and the buttons of a hand. */
async function handsShown(page: Page) {
  return page.evaluate(() => {
    type Face = { hand: string[]; taken: string | null; revealed: number[] };
    const app = (
      window as unknown as { tableApp: { current: { vm: { view: { hands: unknown[] } } | null; screen: { screen?: { faceUp(): Face } | null } | null } } }
    ).tableApp;
    const face = app.current.screen?.screen?.faceUp() ?? null;
    return {
      inModel: app.current.vm?.view?.hands.filter((h) => h !== null).length ?? -1,
      onTable: face ? [...face.hand, ...(face.taken ? [face.taken] : [])] : null,
      revealed: face?.revealed ?? null,
      buttons: document.querySelectorAll('[data-testid=hand-card], [data-testid=answer], [data-testid=take]').length,
    };
  });
}

test('a late Mangoku spectator scrubs back turn by turn: what an early spectator saw then, and no hidden card', async () => {
  host = await MangokuClient.create(server.url, { name: 'Hiro', options: { players: 3, botLevel: 'random', botDelayMs: DELAY_MS, promptSeconds: 60 } });
  await host.must('addBot', {});
  await host.must('addBot', {});
  const early = await openPage(await browser.newContext({ viewport: { width: 1280, height: 860 } }), 'Early spectator');
  await early.page.goto(`${server.url}/?room=${host.code}`);
  await early.page.click('[data-testid=watch]');
  await early.page.waitForSelector('[data-testid=lobby]');
  playSlowly(host);
  await host.must('start');
  await early.page.waitForSelector('[data-testid=game]');
  await recordFirstSeen(early.page);
  await early.page.waitForSelector('[data-testid=game][data-table-ready=true]');
  const hiroOwes = (s: mangoku.ClientRoomState) => {
    const seat = host!.seat as number;
    const view = mangoku.viewFromRoomState(s, seat)?.view;
    return s.phase === 'play' && !!view && mangoku.legalMoves(view, seat).length > 0;
  };
  for (let attempt = 1; ; attempt++) {
    hostPlays = true;
    await host.waitFor((s) => s.log.length > 40 || s.phase === 'over', 120_000, 'mid-game');
    // Hiro stops: the game waits for him from now on (his turn, or his answer), so it is still on while the late spectator looks back.
    hostPlays = false;
    await host.waitFor((s) => s.phase === 'over' || hiroOwes(s), 20_000, 'Hiro to be asked');
    if (host.state.phase === 'play') break;
    // A game over too soon to look back through: a rematch.
    expect(attempt).toBeLessThan(5);
    await host.rematch();
    await host.waitFor((s) => s.phase === 'play' && s.game === attempt + 1, 10_000, 'the rematch');
  }

  // Now a late spectator, who saw none of it.
  const late = await openPage(await browser.newContext({ viewport: { width: 1280, height: 860 } }), 'Late spectator');
  await late.page.goto(`${server.url}/?room=${host.code}`);
  await late.page.click('[data-testid=watch]');
  await late.page.waitForSelector('[data-testid=game][data-table-ready=true]');
  await late.page.waitForSelector('[data-testid=scrub]:not([hidden])');
  // On the wire: no seat of the spectator's room state holds anything of its own.
  const secrets = await late.page.evaluate(() => {
    const state = (window as unknown as { tableApp: { current: { connection: { state: { seats: ArrayLike<Record<string, unknown>> } } } } }).tableApp.current
      .connection.state;
    return Array.from(state.seats).flatMap((s) => ['hand', 'answer', 'taken', 'shown'].filter((k) => s[k] !== undefined));
  });
  expect(secrets).toEqual([]);
  expect(await late.page.textContent('[data-testid=scrub-where]')).toBe('Live');
  // Said once: no "Live" button beside it while following the game live ("Live Live").
  expect(await late.page.innerText('[data-testid=scrub]')).not.toMatch(/Live[\s\S]*Live/);

  const earlySaw = (await early.page.evaluate('window.__seen')) as Record<string, Snapshot>;
  const game = host.state.game;
  let looked = 0;
  let matched = 0;
  for (;;) {
    if (!(await late.page.isEnabled('[data-testid=scrub-back]'))) break;
    const before = await late.page.getAttribute('.spectator-screen', 'data-looking');
    await late.page.click('[data-testid=scrub-back]');
    await waitFor('the step back', async () => (await late.page.getAttribute('.spectator-screen', 'data-looking')) !== before);
    const looking = Number(await late.page.getAttribute('.spectator-screen', 'data-looking'));
    const shown = (await late.page.evaluate(`(${SNAPSHOT})()`)) as Snapshot;
    looked++;
    // Nothing hidden: no hand in the model, on the table or in buttons, and no reveal while looking back.
    expect(await handsShown(late.page)).toEqual({ inModel: 0, onTable: [], revealed: [], buttons: 0 });
    expect(shown.step).toMatch(/^(play|deal)$/);
    const then = earlySaw[`${game}:${looking}`];
    // Two changes in one patch: a moment the early spectator never saw.
    if (!then) continue;
    matched++;
    expect(shown).toEqual(then);
  }
  expect(looked).toBeGreaterThan(8);
  expect(matched).toBeGreaterThanOrEqual(looked * 0.8);
  expect(await late.page.textContent('[data-testid=scrub-where]')).toBe('Campaign 1: the deal');
  expect(await late.page.isVisible('[data-testid=scrub-live]')).toBe(true);
  await screenshot(late.page, 'mangoku-spectator-looking-back');
  await late.page.click('[data-testid=scrub-live]');
  await waitFor('the live game again', async () => (await late.page.getAttribute('.spectator-screen', 'data-looking')) === 'live');
  expect(await late.page.textContent('[data-testid=scrub-where]')).toBe('Live');
  expect([...early.errors, ...late.errors]).toEqual([]);
});
