/**
 * A whole 2-player game through the real UI: Ann (desktop, mouse and keyboard) creates a room,
 * Ben (phone, touch) joins by the invite link, a spectator watches. They choose hands, place
 * pieces and play to the scoring screen; Ann reloads while choosing her hand and keeps her picks, Ben
 * reloads mid-game and gets his seat back, Ann's
 * connection drops and recovers, and the spectator's page never shows a hand.
 */
import { Browser } from 'playwright-core';
import { chooseTarget, gameState, settled, targetPoint } from './driver';
import { launchBrowser, openPage, pick, Player, screenshot, startServer, TestServer, waitFor, watchedPlayers } from '../support';

let server: TestServer;
let browser: Browser;
let ann: Player;
let ben: Player;
let watcher: Player;
let inviteLink = '';
let roomCode = '';

/** The spectator's page holds no hand at all: no tile buttons, no chooser, no hand in its model. */
async function expectSpectatorSeesNoHand(): Promise<void> {
  const leak = await watcher.page.evaluate(() => {
    const app = (window as unknown as { tableApp: { current: { vm: { view: { hands: unknown[] } | null; isSpectator: boolean } | null } } }).tableApp;
    const vm = app.current.vm;
    return {
      handTiles: document.querySelectorAll('[data-testid=hand-tile], [data-testid=choose-tile], [data-testid=hand], [data-testid=hand-chooser]').length,
      hands: vm?.view ? vm.view.hands.filter((h) => h !== null).length : 0,
      spectator: vm?.isSpectator ?? false,
      banner: !!document.querySelector('[data-testid=spectator-banner]'),
    };
  });
  expect(leak).toEqual({ handTiles: 0, hands: 0, spectator: true, banner: true });
}

beforeAll(async () => {
  server = await startServer({ BOT_DELAY_MS: '40' });
  browser = await launchBrowser();
  const annContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const benContext = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const watchContext = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  ann = { label: 'Ann', touch: false, ...(await openPage(annContext, 'Ann')) };
  ben = { label: 'Ben', touch: true, ...(await openPage(benContext, 'Ben')) };
  watcher = { label: 'Spectator', touch: false, ...(await openPage(watchContext, 'Spectator')) };
  watchedPlayers.push(ann, ben, watcher);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('Ann creates a room; Ben joins by the invite link; a spectator watches', async () => {
  await ann.page.goto(server.url);
  await ann.page.fill('[data-testid=name]', 'Ann');
  await ann.page.check('[data-testid=colour-vermillion]', { force: true });
  await ann.page.check('#create-players-2', { force: true });
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  roomCode = (await ann.page.textContent('[data-testid=room-code]'))!.trim();
  inviteLink = await ann.page.inputValue('[data-testid=invite-link]');
  expect(roomCode).toMatch(/^[2-9A-Z]{6}$/);
  expect(inviteLink).toBe(`${server.url}/?room=${roomCode}`);

  // The invite lands on the join form with the code filled in.
  await ben.page.goto(inviteLink);
  expect(await ben.page.inputValue('[data-testid=join-code]')).toBe(roomCode);
  await ben.page.fill('[data-testid=name]', 'Ben');
  await ben.page.tap('[data-testid=join]');
  await ben.page.waitForSelector('[data-testid=lobby]');

  await watcher.page.goto(inviteLink);
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');

  await ann.page.waitForFunction(() => document.querySelector('[data-testid=spectator-count]')?.textContent === '1 watching.');
  const seats = await ann.page.$$eval('[data-testid=lobby-seat]', (els) => els.map((e) => e.textContent));
  expect(seats[0]).toContain('Ann');
  expect(seats[1]).toContain('Ben');
  expect(await ben.page.isHidden('[data-testid=start]')).toBe(true);
  await screenshot(ann.page, 'lobby');
  await screenshot(ben.page, 'lobby-phone');
});

test('both choose their starting hands', async () => {
  await ann.page.click('[data-testid=start]');
  for (const player of [ann, ben]) await player.page.waitForSelector('[data-testid=hand-chooser]');
  await watcher.page.waitForSelector('[data-testid=game]');
  await expectSpectatorSeesNoHand();

  // Ann picks five tiles one by one, reloading half-way (nothing picked is lost); a sixth is
  // refused until one is put back.
  const annTiles = ['samurai3', 'buddha4', 'ship2', 'move', 'switch'];
  for (const tile of annTiles.slice(0, 3)) await ann.page.click(`[data-testid=choose-tile][data-tile=${tile}]:not(.selected)`);
  await ann.page.reload();
  await ann.page.waitForSelector('[data-testid=hand-chooser]');
  expect(await ann.page.textContent('[data-testid=chosen-count]')).toBe('3 of 5 chosen');
  const kept = await ann.page.$$eval('[data-testid=choose-tile].selected', (els) => els.map((e) => (e as HTMLElement).dataset.tile).sort());
  expect(kept).toEqual(annTiles.slice(0, 3).sort());
  for (const tile of annTiles.slice(3)) await ann.page.click(`[data-testid=choose-tile][data-tile=${tile}]:not(.selected)`);
  expect(await ann.page.isDisabled('[data-testid=choose-tile][data-tile=rice4]')).toBe(true);
  expect(await ann.page.textContent('[data-testid=chosen-count]')).toBe('5 of 5 chosen');
  await ann.page.click('[data-testid=confirm-hand]');
  // Ben lets the game pick for him.
  await ben.page.tap('text=Pick for me');
  await ben.page.tap('[data-testid=confirm-hand]');

  for (const player of [ann, ben])
    await player.page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.phase === 'pieces');
  const annHand = await ann.page.$$eval('[data-testid=hand-tile]', (els) => els.map((e) => (e as HTMLElement).dataset.tile).sort());
  expect(annHand).toEqual(annTiles.slice().sort());
  await expectSpectatorSeesNoHand();
});

test('they place the pieces: cities first, then villages', async () => {
  let placements = 0;
  let turn = 0;
  while ((await gameState(ann.page)).phase === 'pieces') {
    const player = (await gameState(ann.page)).yourTurn ? ann : (await gameState(ben.page)).yourTurn ? ben : null;
    if (!player) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    // Change the caste now and then; the board offers only settlements that may take it.
    const castes = await player.page.$$eval('[data-testid=supply-caste]:not([disabled])', (els) => els.map((e) => (e as HTMLElement).dataset.caste!));
    if (castes.length > 1 && turn % 3 === 1) {
      const caste = pick(castes);
      if (player.touch) await player.page.tap(`[data-testid=supply-caste][data-caste="${caste}"]`);
      else await player.page.click(`[data-testid=supply-caste][data-caste="${caste}"]`);
    }
    await chooseTarget(player, !player.touch && turn % 4 === 2);
    await waitFor('the placement to land', async () => {
      const s = await gameState(player.page);
      return !s.yourTurn || s.phase !== 'pieces';
    });
    placements++;
    turn++;
  }
  expect(placements).toBe(18); // 2 players: 6 pieces of each caste to place (Edo's three are set)
  await expectSpectatorSeesNoHand();
});

test('they play a whole game, with a reload and a dropped connection along the way, to the scoring screen', async () => {
  let turns = 0;
  let reloaded = false;
  let dropped = false;
  let tookBack = false;
  let shotMid = false;
  const usedSpecial = new Set<string>();
  for (let guard = 0; guard < 400; guard++) {
    const [a, b] = [await gameState(ann.page), await gameState(ben.page)];
    if (a.phase === 'over' && b.phase === 'over') break;
    const player = a.yourTurn && !a.pending ? ann : b.yourTurn && !b.pending ? ben : null;
    if (!player) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const { page } = player;
    const playable = await page.$$eval('[data-testid=hand-tile][data-playable=true]', (els) => els.map((e) => (e as HTMLElement).dataset.tile!));
    if (playable.length === 0) {
      // Nothing can be played: the server passes for this seat after its short delay.
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    // Try the switch and the move tile once each when they can be played; otherwise vary.
    const special = playable.find((t) => (t === 'switch' || t === 'move') && !usedSpecial.has(t));
    const tile = special ?? pick(playable);
    if (special) usedSpecial.add(special);
    const keyboard = !player.touch && turns % 3 === 1;
    const selector = `[data-testid=hand-tile][data-tile=${tile}]`;
    if (keyboard) {
      await page.focus(selector);
      await page.keyboard.press('Enter');
    } else if (player.touch) await page.tap(selector);
    else await page.click(selector);
    // A switch and a move take two choices; a plain tile one.
    for (let step = 0; step < 2; step++) {
      await chooseTarget(player, keyboard);
      const s = await settled(page);
      if (s.canEnd || !s.yourTurn || s.phase !== 'play') break;
    }
    const state = await settled(page);
    if (state.phase === 'play' && state.yourTurn && state.canUndo && !tookBack) {
      // Take the play back once, then play again: nothing may be lost.
      tookBack = true;
      const before = await page.$$eval('[data-testid=hand-tile]', (els) => els.length);
      if (player.touch) await page.tap('[data-testid=undo]');
      else await page.click('[data-testid=undo]');
      await waitFor('the take-back', async () => (await page.$$eval('[data-testid=hand-tile]', (els) => els.length)) === before + 1);
      continue;
    }
    if (state.phase === 'play' && state.yourTurn && state.canEnd) {
      if (player.touch) await page.tap('[data-testid=end-turn]');
      else if (turns % 2) await page.keyboard.press('e');
      else await page.click('[data-testid=end-turn]');
      await waitFor('the turn to end', async () => {
        const s = await gameState(page);
        return !s.yourTurn || s.phase !== 'play' ? s : null;
      });
    }
    turns++;
    if (turns % 5 === 0) await expectSpectatorSeesNoHand();

    if (turns === 6 && !reloaded) {
      // A reload mid-game: the browser still holds the seat token and takes the seat back.
      reloaded = true;
      const handBefore = await ben.page.$$eval('[data-testid=hand-tile]', (els) => els.map((e) => (e as HTMLElement).dataset.tile).sort());
      await ben.page.reload();
      await ben.page.waitForSelector('[data-testid=game]');
      await waitFor('Ben back in his seat', async () => (await gameState(ben.page)).seat === 1);
      await ben.page.waitForSelector('[data-testid=hand-tile]');
      const handAfter = await ben.page.$$eval('[data-testid=hand-tile]', (els) => els.map((e) => (e as HTMLElement).dataset.tile).sort());
      expect(handAfter).toEqual(handBefore);
      expect(await ben.page.$eval('[data-testid=seat-card][data-seat="1"]', (e) => e.textContent)).toContain('you');
      await ann.page.waitForFunction(() => !document.querySelector('[data-testid=seat-card][data-seat="1"] .badge.away'));
    }
    if (turns === 9 && !dropped) {
      // The connection drops: the client says so and gets back in by itself.
      dropped = true;
      await ann.page.evaluate(() =>
        (window as unknown as { tableApp: { current: { connection: { simulateDrop(): void } } } }).tableApp.current.connection.simulateDrop(),
      );
      await ann.page.waitForSelector('[data-testid=connection]:not([hidden])');
      await ann.page.waitForSelector('[data-testid=connection]', { state: 'hidden', timeout: 20_000 });
      expect((await gameState(ann.page)).seat).toBe(0);
    }
    if (turns === 3) {
      // Reading the board: Ann points at Edo (desktop inspector), Ben taps it (a card over the board).
      const edo = await targetPoint(ann.page, '14,13', -1);
      await ann.page.mouse.move(edo.x, edo.y);
      await ann.page.waitForFunction(() => document.querySelector('[data-testid=inspector] h3')?.textContent === 'Edo');
      expect(await ann.page.textContent('[data-testid=inspector]')).toMatch(/land hexes around it still open|Surrounded/);
      if (!(await gameState(ben.page)).yourTurn) {
        await ben.page.$eval('[data-testid=board]', (el) => el.scrollIntoView({ block: 'nearest' }));
        const p = await targetPoint(ben.page, '14,13', -1);
        await ben.page.touchscreen.tap(p.x, p.y);
        await ben.page.waitForSelector('[data-testid=float-inspector]:not([hidden]) >> text=Edo');
        await ben.page.tap('[data-testid=float-inspector] .close');
        await ben.page.waitForSelector('[data-testid=float-inspector]', { state: 'hidden' });
      }
    }
    if (turns === 12 && !shotMid) {
      shotMid = true;
      await screenshot(ann.page, 'mid-game');
      await screenshot(ben.page, 'mid-game-phone');
      await screenshot(watcher.page, 'mid-game-spectator');
    }
  }
  expect(reloaded && dropped && tookBack).toBe(true);
  // Ann held the switch and the move tile from the start: both were played through the board.
  expect([...usedSpecial].sort()).toEqual(['move', 'switch']);
  expect(turns).toBeGreaterThan(10);

  for (const player of [ann, ben, watcher]) {
    await player.page.waitForSelector('[data-testid=scoring]');
    await player.page.waitForSelector('[data-testid=scoring][data-revealed=true]', { timeout: 20_000 });
  }
  const winners = await Promise.all([ann, ben, watcher].map((p) => p.page.textContent('[data-testid=winner]')));
  // The spectator reads the winner's name; each player is spoken to ("You win!", or the other's name).
  expect(winners[2]).toMatch(/(Ann|Ben).*(wins|share)/);
  const winner = /^(Ann|Ben) wins!$/.exec(winners[2]!)?.[1];
  if (winner) expect(winners.slice(0, 2)).toEqual(winner === 'Ann' ? ['You win!', 'Ann wins!'] : ['Ben wins!', 'You win!']);
  // Exactly one of them hosts (the host passes on while its browser is away) and may call a rematch.
  const hosts = await Promise.all([ann, ben].map((p) => p.page.isVisible('[data-testid=rematch]')));
  expect(hosts.filter(Boolean)).toHaveLength(1);
  expect(await watcher.page.isVisible('[data-testid=rematch]')).toBe(false);
  await screenshot(ann.page, 'scoring');
  await screenshot(ben.page, 'scoring-phone');

  // The record the download button points at is the finished game.
  const href = await ann.page.getAttribute('[data-testid=download-record]', 'href');
  expect(href).toBe(`${server.url}/api/rooms/${roomCode}/record`);
  const record = await (await fetch(href!)).json();
  expect(record.format).toBe('samurai-record/1');
  expect(record.players).toBe(2);
  await expectSpectatorSeesNoHand();
});

test('the host starts a rematch: back at the table, the other says "play again", a new game, hands chosen again', async () => {
  const host = (await ann.page.isVisible('[data-testid=rematch]')) ? ann : ben;
  const other = host === ann ? ben : ann;
  const press = (player: Player, selector: string) => (player.touch ? player.page.tap(selector) : player.page.click(selector));
  await press(host, '[data-testid=rematch]');
  await press(other, '[data-testid=play-again]');
  await press(host, '[data-testid=start]:not([disabled])');
  for (const player of [ann, ben]) await player.page.waitForSelector('[data-testid=hand-chooser]');
  await watcher.page.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid=game]')?.dataset.phase === 'hands');
  for (const player of [ann, ben, watcher]) expect(await player.page.isVisible('[data-testid=scoring]')).toBe(false);
  await expectSpectatorSeesNoHand();
});

test('no page raised an error', () => {
  expect([...ann.errors, ...ben.errors, ...watcher.errors]).toEqual([]);
});
