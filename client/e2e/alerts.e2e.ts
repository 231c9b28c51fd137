/**
 * Turn alerts as a player meets them, in a game against a bot (a game's own owed moves are tested
 * in its folder): the chime (counted where the page makes its sound, in the Web Audio API), the buzz, the notification on a hidden tab after opting in (the
 * browser's permission asked only then), the mute remembered across a reload, "Your turn" in the
 * title and the badge on the favicon. Each page's Web Audio, vibration and Notification calls are
 * recorded by an init script; the tab's visibility is switched by the test.
 */
import { favicon, recorded, recordingContext, setHidden } from './alert-recording';
import { aGame, openPage, Player, screenshot, startAgainstABot, useServerAndBrowser, waitFor, watchedPlayers } from './support';

const game = aGame();
const { playOneTurn, turnsDone } = game;
const gameState = game.state;

const e2e = useServerAndBrowser({ BOT_DELAY_MS: '40' });

test(`${game.title} against a bot: a chime and a buzz as each turn begins, muted on request (and still after a reload), a notification on a hidden tab once opted in`, async () => {
  const context = await recordingContext(e2e.browser, { viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['notifications'], { origin: e2e.server.url });
  const ann: Player = { label: 'Ann', touch: false, ...(await openPage(context, 'Ann')) };
  watchedPlayers.push(ann);
  await startAgainstABot(game, e2e.server.url, ann.page, 'Ann');
  await waitFor('Ann’s turn', async () => (await gameState(ann.page)).yourTurn);

  // The turn began: two notes of the chime, one buzz; no notification (not asked for), no permission asked.
  const first = await recorded(ann.page);
  expect(first.oscillators).toBe(2);
  expect(first.vibrations).toBe(1);
  expect(first).toMatchObject({ notifications: [], permissionAsked: 0 });
  expect(await ann.page.title()).toMatch(new RegExp(`^Your turn · ${game.title} `));
  await waitFor('the badge on the favicon', async () => (await favicon(ann.page)).startsWith('data:image/png'));
  expect(await ann.page.getAttribute('[data-testid=alert-sound]', 'aria-pressed')).toBe('true');
  await screenshot(ann.page, 'alerts-your-turn');

  // Another turn: the bot plays in between, and the next one chimes again.
  await playOneTurn(ann);
  await waitFor('Ann’s next turn', async () => (await gameState(ann.page)).yourTurn && (await turnsDone(ann.page)) >= 2);
  expect((await recorded(ann.page)).oscillators).toBe(4);

  // Muted: the next turn is silent and still. The tab is hidden, but Ann has not asked for
  // notifications: none comes, though the browser would allow them.
  await ann.page.click('[data-testid=alert-sound]');
  expect(await ann.page.getAttribute('[data-testid=alert-sound]', 'aria-pressed')).toBe('false');
  await setHidden(ann.page, true);
  await playOneTurn(ann);
  await waitFor('Ann’s next turn', async () => (await gameState(ann.page)).yourTurn && (await turnsDone(ann.page)) >= 4);
  expect(await recorded(ann.page)).toMatchObject({ oscillators: 4, vibrations: 2, notifications: [] });
  await setHidden(ann.page, false);

  // She opts in; then a hidden tab gets a notification as her turn begins.
  await ann.page.click('[data-testid=alert-notify]');
  await waitFor('notifications on', async () => (await ann.page.getAttribute('[data-testid=alert-notify]', 'aria-pressed')) === 'true');
  await setHidden(ann.page, true);
  await playOneTurn(ann);
  await waitFor('Ann’s next turn', async () => (await gameState(ann.page)).yourTurn && (await turnsDone(ann.page)) >= 6);
  expect(await recorded(ann.page)).toMatchObject({ notifications: [`Your turn · ${game.title}`], oscillators: 4 });
  await setHidden(ann.page, false);

  // A reload keeps both switches.
  await ann.page.reload();
  await waitFor('the game again', async () => (await gameState(ann.page)).playing);
  expect(await ann.page.getAttribute('[data-testid=alert-sound]', 'aria-pressed')).toBe('false');
  expect(await ann.page.getAttribute('[data-testid=alert-notify]', 'aria-pressed')).toBe('true');
  expect(ann.errors).toEqual([]);
});
