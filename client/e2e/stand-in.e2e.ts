/**
 * A player who goes away mid-game: the host lets a bot play their seat, and the seat is theirs
 * again the moment they come back (their browser still holds the seat token).
 */
import { aGame, createRoom, openPage, Player, screenshot, useServerAndBrowser, waitFor } from './support';

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '30' });

const game = aGame();
const { playOneTurn, turnsDone } = game;
const gameState = game.state;

const benCard = '[data-testid=seat-card][data-seat="1"]';

test('the host lets a bot play for a player who is away, until they come back', async () => {
  const ann: Player = { label: 'Ann', touch: false, ...(await openPage(await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } }), 'Ann')) };
  const benContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
  let ben: Player = { label: 'Ben', touch: false, ...(await openPage(benContext, 'Ben')) };

  const invite = await createRoom(game, e2e.server.url, ann.page, 'Ann');
  await ben.page.goto(invite);
  await ben.page.fill('[data-testid=name]', 'Ben');
  await ben.page.click('[data-testid=join]');
  await ben.page.waitForSelector('[data-testid=lobby]');
  await ann.page.click('[data-testid=start]:not([disabled])');
  await waitFor('the game', async () => (await gameState(ann.page)).playing && (await gameState(ben.page)).playing);

  // Ben closes his tab. Ann sees him away, plays her turn, and the game waits for him.
  await ben.page.close();
  await ann.page.waitForSelector(`${benCard} .badge.away`);
  await screenshot(ann.page, 'away');
  await playOneTurn(ann);
  expect(await turnsDone(ann.page)).toBe(1);

  // Ann lets a bot play for Ben: his turn is played.
  await ann.page.click(`${benCard} [data-testid=stand-in]`);
  await ann.page.waitForSelector(`${benCard} .badge.stand-in`);
  expect(await ann.page.textContent(`${benCard} .badge.stand-in`)).toBe('away · bot plays');
  await waitFor('the stand-in to play Ben’s turn', async () => (await turnsDone(ann.page)) >= 2 && (await gameState(ann.page)).yourTurn);
  expect(await ann.page.isHidden(`${benCard} [data-testid=stand-in]`)).toBe(true);
  await screenshot(ann.page, 'stand-in');

  // Ben opens the game again: he is back in his seat, and the bot stops playing for him.
  ben = { label: 'Ben', touch: false, ...(await openPage(benContext, 'Ben')) };
  await ben.page.goto(invite);
  await waitFor('Ben back in his seat', async () => (await gameState(ben.page)).seat === 1);
  await waitFor('Ben shown as back', async () => !(await ann.page.$(`${benCard} .badge.away`)));
  await playOneTurn(ann);
  await waitFor('Ben’s turn', async () => (await gameState(ben.page)).yourTurn);
  const turns = await turnsDone(ann.page);
  await new Promise((resolve) => setTimeout(resolve, 500)); // the room's bots move after 30 ms
  expect(await turnsDone(ann.page)).toBe(turns);
  expect((await gameState(ben.page)).yourTurn).toBe(true);

  // Ann steps away on her own: the bot plays her turns until she takes her seat back.
  const annCard = '[data-testid=seat-card][data-seat="0"]';
  await ann.page.click(`${annCard} [data-testid=stand-in-me]`);
  await ann.page.waitForSelector(`${annCard} [data-testid=resume]`);
  await ben.page.waitForSelector(`${annCard} .badge.stand-in`);
  const before = await turnsDone(ben.page);
  await playOneTurn(ben);
  await waitFor('the bot to play Ann’s turn', async () => (await turnsDone(ben.page)) >= before + 2 && (await gameState(ben.page)).yourTurn);
  await ann.page.click(`${annCard} [data-testid=resume]`);
  await ann.page.waitForSelector(`${annCard} [data-testid=stand-in-me]`);
  await playOneTurn(ben);
  await waitFor('Ann’s own turn', async () => (await gameState(ann.page)).yourTurn);
  await playOneTurn(ann);
  expect([...ann.errors, ...ben.errors]).toEqual([]);
});
