/**
 * The table's rough edges in Mangoku (Samurai's are in samurai/edges.e2e.ts): Ann (laptop) and Ben
 * (phone) play, a visitor watches. "Your turn" in the title, who is watching, whole names, the
 * rules' close button on a phone, Back asking before leaving, and an away player's turn.
 */
import { Browser, Page } from 'playwright-core';
import { mangoku } from '@samurai/shared';
import { answer, Person, putDown, tableState, take } from './driver';
import { launchBrowser, openPage, screenshot, startServer, TestServer, waitFor, watchedPlayers } from '../support';

let server: TestServer;
let browser: Browser;
let ann: Person;
let ben: Person;
let watcher: Person;
let code = '';

const ANN = 'Annemarie Kowalczyk';
const BEN = 'Konstantinopoulos';

beforeAll(async () => {
  server = await startServer({ BOT_DELAY_MS: '40' });
  browser = await launchBrowser();
  ann = { label: 'Ann', how: 'mouse', ...(await openPage(await browser.newContext({ viewport: { width: 1280, height: 800 } }), 'Ann')) };
  ben = {
    label: 'Ben',
    how: 'touch',
    ...(await openPage(await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }), 'Ben')),
  };
  watcher = { label: 'Spectator', how: 'mouse', ...(await openPage(await browser.newContext({ viewport: { width: 1100, height: 760 } }), 'Spectator')) };
  watchedPlayers.push(...[ann, ben, watcher].map((p) => ({ label: p.label, page: p.page, errors: p.errors, touch: p.how === 'touch' })));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const banner = (p: Page) => p.textContent('[data-testid=turn-banner]').then((t) => t ?? '');

test('Mangoku: the title, the watchers, whole names and the rules on a phone', async () => {
  await ann.page.goto(server.url);
  await ann.page.fill('[data-testid=name]', ANN);
  await ann.page.check('#create-game-mangoku', { force: true });
  await ann.page.check('#create-players-2', { force: true });
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  const invite = await ann.page.inputValue('[data-testid=invite-link]');
  code = new URL(invite).searchParams.get('room')!;
  await ben.page.goto(invite);
  await ben.page.fill('[data-testid=name]', BEN);
  await ben.page.tap('[data-testid=join]');
  await ben.page.waitForSelector('[data-testid=lobby]');
  await watcher.page.goto(invite);
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');
  await ann.page.dblclick('[data-testid=start]');
  const first = await waitFor('someone’s turn', async () => {
    for (const p of [ann, ben]) if ((await tableState(p.page)).yourTurn) return p;
    return null;
  });
  const other = first === ann ? ben : ann;
  expect(await first.page.title()).toBe(`Your turn · Mangoku ${code}`);
  expect(await other.page.title()).toBe(`Mangoku · room ${code}`);
  expect(await ann.page.$$('[data-testid=toast-error]')).toEqual([]);
  for (const p of [ann, ben]) expect(await p.page.textContent('[data-testid=watchers]')).toBe('1 watching');

  for (const p of [ann, ben, watcher]) {
    const broken = await p.page.$$eval('[data-testid=seat-card] .seat-name', (els) =>
      els.flatMap((el) => {
        const text = el.firstChild as Text;
        const lines = new Set(
          [
            ...(() => {
              const range = document.createRange();
              range.selectNodeContents(text);
              return range.getClientRects();
            })(),
          ].map((r) => Math.round(r.top)),
        );
        // A name of one word on two lines was cut inside it.
        return !text.data.includes(' ') && lines.size > 1 ? [text.data] : [];
      }),
    );
    expect(broken).toEqual([]);
  }
  await screenshot(ann.page, 'mangoku-edges-laptop');

  await ben.page.tap('[data-testid=rules]');
  await ben.page.waitForSelector('[data-testid=help][open]');
  await ben.page.$eval('[data-testid=help][open] .help-body', (el) => el.scrollTo(0, el.scrollHeight));
  const close = (await ben.page.$('[data-testid=help][open] [data-testid=dialog-close]'))!;
  const box = (await close.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeLessThan(844 * 0.2);
  await screenshot(ben.page, 'mangoku-edges-rules-phone');
  await close.tap();
  await waitFor('the rules closed', async () => !(await ben.page.$('[data-testid=help][open]')));
});

test('Mangoku: Back asks before leaving, and an away player’s turn reads as theirs', async () => {
  let asked = '';
  ann.page.once('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await ann.page.goBack();
  await waitFor('the question', async () => asked);
  expect(asked).toContain('Leave the game?');
  expect(await ann.page.$('[data-testid=game]')).not.toBeNull();

  // Ann plays when it is her turn, so that the turn is Ben's; then Ben's phone goes away.
  // (Ben's turn to play: a prompt he is asked to answer is his turn too, and not the one wanted here.)
  const bensTurnToPlay = async () => {
    const s = await tableState(ben.page);
    return s.yourTurn && s.step === 'play';
  };
  // Ann's play may ask Ben something (a prompt waits 20 s) or end a campaign: whoever the game
  // waits for acts, Ben only when he is asked or takes, never when it is his turn to play.
  for (let i = 0; i < 40 && !(await bensTurnToPlay()); i++) {
    const [who, state] = await waitFor(
      'Ann or Ben to be waited for',
      async () => {
        for (const p of [ann, ben]) {
          const s = await tableState(p.page);
          if (s.ready && s.yourTurn && !s.pending) return [p, s] as const;
        }
        return null;
      },
      60_000,
    );
    if (who === ann && state.step === 'play') {
      const view = state.view!;
      const plays = mangoku.legalPlays(view, view.viewer as number);
      await putDown(ann, view, plays.find((p) => !p.targets?.length) ?? plays[0]);
    } else if (state.answers.length) await answer(who, state.answers.find((a) => a !== 'accept') ?? state.answers[0]);
    else if (state.takes.length) await take(who, state.takes[0]);
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(await bensTurnToPlay()).toBe(true);
  await ben.page.close();
  await waitFor('Ben away', async () => (await banner(ann.page)).includes('away'));
  expect(await banner(ann.page)).toContain(`${BEN}’s turn, but ${BEN} is away`);
  expect(await banner(ann.page)).toContain(`The game waits for ${BEN} to come back.`);
  await screenshot(ann.page, 'mangoku-edges-away');
  expect([...ann.errors, ...watcher.errors]).toEqual([]);
});
