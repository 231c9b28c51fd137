/**
 * The table's chat and clocks in the browser: a name and a message made of markup show as text
 * and run nothing; emotes; the host's mute and the spectators' switch, as each person's page
 * says them; the clock chosen in the lobby, shown to everyone and counting down, running out on
 * a player who does not move: the room's bot plays for them until they say they are back.
 */
import { Page } from 'playwright-core';
import { aGame, createRoom, openPage, Player, screenshot, useServerAndBrowser, waitFor, watchedPlayers } from './support';

/** "30 s a move" lasts this long on this test's server. */
const MOVE_MS = 4000;
const MESSAGE = '<img src=x onerror=alert(1)>';
/** The same trick within a name's 20 characters (an empty src fails to load at once). */
const NAME = '<img src onerror=q>';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '300', MOVE_MS: String(MOVE_MS) }, 'client/e2e/quick-clock-server.ts');

const game = aGame();
const { turnsDone } = game;
const gameState = game.state;

const chatLines = (page: Page) => page.$$eval('[data-testid=chat-line]', (els) => els.map((e) => e.textContent ?? ''));
/** Elements that markup in a name or a line would have made: none may exist anywhere on the page. */
const injected = (page: Page) => page.evaluate(() => document.querySelectorAll('img, [onerror]').length);

test('chat as text, emotes, mute, spectators closed out, and a clock that runs out', async () => {
  const dialogs: string[] = [];
  const open = async (label: string, phone = false): Promise<Player> => {
    const context = await e2e.browser.newContext(
      phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } },
    );
    const player: Player = { label, touch: phone, ...(await openPage(context, label)) };
    player.page.on('dialog', (d) => {
      dialogs.push(`${label}: ${d.message()}`);
      void d.dismiss();
    });
    return player;
  };
  const ann = await open('Ann');
  const ben = await open('Ben', true);
  const eve = await open('Eve');
  watchedPlayers.push(ann, ben, eve);

  // Ann's room: two players, dealt straight into play. Ben's name is markup; Eve watches.
  const invite = await createRoom(game, e2e.server.url, ann.page, 'Ann');
  await ben.page.goto(invite);
  await ben.page.fill('[data-testid=name]', NAME);
  await ben.page.click('[data-testid=join]');
  await ben.page.waitForSelector('[data-testid=lobby]');
  await eve.page.goto(invite);
  await eve.page.fill('[data-testid=name]', 'Eve');
  await eve.page.click('[data-testid=watch]');
  await eve.page.waitForSelector('[data-testid=lobby]');

  // The lobby's chat: a line of markup, an emote, a spectator's line.
  await ann.page.fill('[data-testid=chat-input]', MESSAGE);
  await ann.page.press('[data-testid=chat-input]', 'Enter');
  await ben.page.tap('[data-testid=emote-thanks]');
  await eve.page.fill('[data-testid=chat-input]', 'good luck');
  await eve.page.click('[data-testid=chat-send]');
  for (const p of [ann, ben, eve]) {
    await waitFor(`${p.label}'s chat`, async () => (await chatLines(p.page)).length === 3);
    const lines = await chatLines(p.page);
    expect(lines[0]).toContain(`Ann: ${MESSAGE}`);
    expect(lines[1]).toContain(`${NAME}: 🙏 Thanks`);
    expect(lines[2]).toContain('Eve (watching): good luck');
    expect(await p.page.textContent('[data-testid=lobby-seats]')).toContain(NAME);
    expect(await injected(p.page)).toBe(0);
  }
  expect(await ann.page.inputValue('[data-testid=chat-input]')).toBe('');

  // The host mutes Ben, then lets him speak again.
  await ann.page.click('[data-testid=lobby-seat][data-seat="1"] [data-testid=mute]');
  await ben.page.waitForSelector('[data-testid=chat-notice][data-why=muted]:not([hidden])');
  expect(await ben.page.isDisabled('[data-testid=chat-input]')).toBe(true);
  expect(await ben.page.isDisabled('[data-testid=emote-good]')).toBe(true);
  await eve.page.waitForSelector('[data-testid=lobby-seat][data-seat="1"] .badge.away:text("muted")');
  // Muted, the button says what a click does now.
  expect(await ann.page.textContent('[data-testid=lobby-seat][data-seat="1"] [data-testid=mute][data-muted=true]')).toBe('Unmute');
  await ann.page.click('[data-testid=lobby-seat][data-seat="1"] [data-testid=mute][data-muted=true]');
  // Once the server has let him speak (the button follows the room's state).
  await ann.page.waitForSelector('[data-testid=lobby-seat][data-seat="1"] [data-testid=mute]:not([data-muted=true])');
  expect(await ann.page.textContent('[data-testid=lobby-seat][data-seat="1"] [data-testid=mute]')).toBe('Mute');
  await ben.page.waitForSelector('[data-testid=chat-notice]', { state: 'hidden' });
  expect(await ben.page.isDisabled('[data-testid=chat-input]')).toBe(false);

  // The host closes the chat to spectators (in the chat's host controls), at any time.
  await ann.page.click('.chat-host summary');
  await ann.page.uncheck('[data-testid=spectator-chat]');
  await eve.page.waitForSelector('[data-testid=chat-notice][data-why=closed]:not([hidden])');
  expect(await eve.page.textContent('[data-testid=chat-notice]')).toContain('closed the chat to spectators');
  expect(await eve.page.isDisabled('[data-testid=chat-input]')).toBe(true);
  // Only the host has those controls.
  expect(await ben.page.isVisible('.chat-host')).toBe(false);
  expect(await eve.page.$('[data-testid=mute]')).toBeNull();

  // The clock: 30 s a move (MOVE_MS here), chosen in the lobby and shown to everyone.
  await ann.page.check('#lobby-table-clock-move-30s', { force: true });
  await eve.page.waitForSelector('[data-testid=table-options]:has-text("30 s a move")');
  // Everyone but the host reads the options as one list: every value starts at the same place.
  const valueLefts = await eve.page.$$eval('.lobby-options dd', (dds) => dds.map((dd) => Math.round(dd.getBoundingClientRect().left)));
  expect(valueLefts.length).toBeGreaterThan(4);
  expect(new Set(valueLefts).size).toBe(1);
  // The host's choices, a group wrapped on two lines on a phone, stay a rounded box (not an oval).
  await ann.page.setViewportSize({ width: 390, height: 844 });
  const groups = await ann.page.$$eval('.lobby-options .segmented', (els) =>
    els.map((el) => ({ height: el.getBoundingClientRect().height, radius: parseFloat(getComputedStyle(el).borderTopLeftRadius) })),
  );
  expect(groups.some((g) => g.height > 60)).toBe(true);
  for (const g of groups) expect(g.radius).toBeLessThanOrEqual(20);
  await ann.page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(ann.page, 'chat-lobby');
  await ann.page.click('[data-testid=start]:not([disabled])');
  await waitFor('the game', async () => (await Promise.all([ann, ben, eve].map((p) => gameState(p.page)))).every((s) => s.playing));

  // Every page shows both seats' clocks; the one that runs counts down between the server's patches.
  for (const p of [ann, ben, eve]) await p.page.waitForSelector('[data-testid=seat-clock][data-running=true]');
  const shown = async (page: Page) => page.$eval('[data-testid=seat-clock][data-running=true] .seat-clock-time', (e) => e.textContent);
  expect(await eve.page.$$('[data-testid=seat-clock]')).toHaveLength(2);
  const first = await shown(eve.page);
  await waitFor("the running clock's figure to change", async () => (await shown(eve.page)) !== first, 3000);

  // Nobody moves: the player whose turn it is runs out of time, the bot plays for them, and
  // goes on playing their turns; their page offers "I'm back".
  const mover = (await gameState(ann.page)).yourTurn ? ann : ben;
  const turns = await turnsDone(eve.page);
  await mover.page.waitForSelector('[data-testid=resume]', { timeout: MOVE_MS + 10_000 });
  await waitFor("the bot's move for the player out of time", async () => (await turnsDone(eve.page)) > turns, 10_000);
  await screenshot(mover.page, 'clock-ran-out');
  await mover.page.click('[data-testid=resume]');
  await mover.page.waitForSelector('[data-testid=resume]', { state: 'detached' });

  // The chat beside the game: Ben opens it from the header, sees what was said and adds a line;
  // Ann's Chat button counts it until she opens hers.
  await ben.page.tap('[data-testid=chat-toggle]');
  await ben.page.waitForSelector('[data-testid=chat-dock]:not([hidden])');
  expect(await chatLines(ben.page)).toHaveLength(3);
  await ben.page.fill('[data-testid=chat-dock] [data-testid=chat-input]', 'my move, my time');
  await ben.page.tap('[data-testid=chat-dock] [data-testid=chat-send]');
  await ann.page.waitForSelector('[data-testid=chat-unread]:text("1")');
  await ann.page.click('[data-testid=chat-toggle]');
  await ann.page.waitForSelector('[data-testid=chat-unread]', { state: 'hidden' });
  await waitFor("Ann's chat", async () => (await chatLines(ann.page)).at(-1)?.includes(`${NAME}: my move, my time`));
  await ann.page.keyboard.press('Escape');
  await ann.page.waitForSelector('[data-testid=chat-dock]', { state: 'hidden' });
  await screenshot(ben.page, 'chat-dock-phone');
  for (const p of [ann, ben, eve]) expect(await injected(p.page)).toBe(0);

  expect(dialogs).toEqual([]);
  expect([...ann.errors, ...ben.errors, ...eve.errors]).toEqual([]);
});
