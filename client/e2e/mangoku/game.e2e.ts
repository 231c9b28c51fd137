/**
 * A whole game of Mangoku through the real UI: Ann (a laptop, mouse) creates a room for four,
 * Ben (a phone, touch) and Cleo (a laptop, keyboard only) join by the invite link, a bot takes the
 * fourth seat and a spectator watches. The server deals a known game (seeded-server.ts), so the
 * first round goes as people choose it: Ann's Commander attacks Ben and Cleo, Ben plays a Monk and
 * Cleo pays a coin; Ben attacks Ann, who defends with her hand; Cleo plays an effect that is not
 * an attack and it is accepted. Then they play on, choosing among the plays and answers their
 * own page offers, to the final ranking. The spectator's page never holds or shows a hand, except
 * the hands a Shrine Maiden reveals, while they are revealed.
 */
import { Browser } from 'playwright-core';
import { mangoku } from '@samurai/shared';
import { findOpening } from './deal';
import { answer, Person, putDown, tableState, take, theirTurn } from './driver';
import { launchBrowser, openPage, pick, screenshot, startServer, TestServer, waitFor, watchedPlayers } from '../support';

const opening = findOpening();
let server: TestServer;
let browser: Browser;
let ann: Person;
let ben: Person;
let cleo: Person;
let watcher: Person;
let inviteLink = '';

beforeAll(async () => {
  server = await startServer({ BOT_DELAY_MS: '60', DEALING_SEED: String(opening.seed) }, 'client/e2e/seeded-server.ts');
  browser = await launchBrowser();
  const laptop = { viewport: { width: 1280, height: 800 } };
  ann = { label: 'Ann', how: 'mouse', ...(await openPage(await browser.newContext(laptop), 'Ann')) };
  ben = {
    label: 'Ben',
    how: 'touch',
    ...(await openPage(await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }), 'Ben')),
  };
  cleo = { label: 'Cleo', how: 'keyboard', ...(await openPage(await browser.newContext(laptop), 'Cleo')) };
  watcher = { label: 'Spectator', how: 'mouse', ...(await openPage(await browser.newContext({ viewport: { width: 1100, height: 760 } }), 'Spectator')) };
  watchedPlayers.push(...[ann, ben, cleo, watcher].map((p) => ({ label: p.label, page: p.page, errors: p.errors, touch: p.how === 'touch' })));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The spectator's page holds no hand (its model's view has none, nothing was shown to it) and its
 * table shows none face up but the hands a reveal shows now. Returns the seats revealed.
 */
async function spectatorSeesNoHand(): Promise<number[]> {
  const seen = await watcher.page.evaluate(() => {
    type Face = { hand: string[]; taken: string | null; revealed: number[] };
    type Vm = { isSpectator: boolean; view: { hands: unknown[]; shown: unknown[]; reveals: { seats: number[] }[] } | null };
    const app = (window as unknown as { tableApp: { current: { vm: Vm | null; screen: { screen?: { faceUp(): Face } | null } | null } } }).tableApp;
    const vm = app.current.vm;
    const face = app.current.screen?.screen?.faceUp() ?? { hand: [], taken: null, revealed: [] };
    return {
      spectator: vm?.isSpectator ?? false,
      handsInModel: vm?.view ? vm.view.hands.filter((h) => h !== null).length : 0,
      shownToIt: vm?.view?.shown.length ?? 0,
      handOnTable: face.hand.length,
      taken: face.taken,
      handButtons: document.querySelectorAll('[data-testid=hand-card], [data-testid=answer], [data-testid=take]').length,
      revealed: face.revealed,
      revealing: vm?.view ? vm.view.reveals.flatMap((r) => r.seats) : [],
    };
  });
  const { revealed, revealing, ...rest } = seen;
  expect(rest).toEqual({ spectator: true, handsInModel: 0, shownToIt: 0, handOnTable: 0, taken: null, handButtons: 0 });
  expect(revealed.every((s) => revealing.includes(s))).toBe(true);
  return revealed;
}

async function spectatorView(): Promise<mangoku.GameView> {
  return watcher.page.evaluate(() => (window as unknown as { tableApp: { current: { vm: { view: mangoku.GameView } } } }).tableApp.current.vm.view);
}

test('Ann creates a Mangoku room for four; Ben and Cleo join by the invite link, a bot sits down, a spectator watches', async () => {
  await ann.page.goto(server.url);
  await ann.page.fill('[data-testid=name]', 'Ann');
  await ann.page.check('[data-testid=colour-vermillion]', { force: true });
  await ann.page.check('#create-game-mangoku', { force: true });
  // Mangoku's own options replace Samurai's.
  expect(await ann.page.$('#create-captureTiming-immediate')).toBeNull();
  expect(await ann.page.isChecked('#create-promptSeconds-20')).toBe(true);
  await ann.page.check('#create-players-4', { force: true });
  await screenshot(ann.page, 'mangoku-home');
  await ann.page.click('[data-testid=create]');
  await ann.page.waitForSelector('[data-testid=lobby]');
  inviteLink = await ann.page.inputValue('[data-testid=invite-link]');

  await ben.page.goto(inviteLink);
  await ben.page.fill('[data-testid=name]', 'Ben');
  await ben.page.tap('[data-testid=join]');
  await ben.page.waitForSelector('[data-testid=lobby]');

  // Cleo uses the keyboard only: her name, then Enter joins.
  await cleo.page.goto(inviteLink);
  await cleo.page.focus('[data-testid=name]');
  await cleo.page.keyboard.type('Cleo');
  await cleo.page.keyboard.press('Enter');
  await cleo.page.waitForSelector('[data-testid=lobby]');

  await ann.page.click('[data-testid=add-bot]');
  await waitFor('the bot to sit down', async () => (await ann.page.$$('[data-testid=lobby-seat][data-kind=bot]')).length === 1);
  await watcher.page.goto(inviteLink);
  await watcher.page.click('[data-testid=watch]');
  await watcher.page.waitForSelector('[data-testid=lobby]');
  const seats = await ann.page.$$eval('[data-testid=lobby-seat]', (els) => els.map((e) => e.textContent ?? ''));
  expect(seats.map((s) => s.match(/Ann|Ben|Cleo|bot/)?.[0])).toEqual(['Ann', 'Ben', 'Cleo', 'bot']);

  await ann.page.click('[data-testid=start]');
  for (const p of [ann, ben, cleo, watcher]) await waitFor(`${p.label}'s table`, async () => (await tableState(p.page)).ready);
  await spectatorSeesNoHand();
  expect(await cleo.page.title()).toMatch(/Mangoku/);
});

test('the first round: a Commander met with a Monk and a coin, an attack defended with a hand, an effect accepted', async () => {
  // Ann (mouse) aims her Commander at Ben and Cleo.
  const annTurn = await theirTurn(ann);
  expect(annTurn.view!.hands[0]).toContain('commander');
  // The README's picture: Ann's table with her Commander chosen and aimed at both.
  await putDown(ann, annTurn.view!, { card: 'commander', targets: [1, 2] }, () => screenshot(ann.page, 'mangoku-aiming'));

  // Both are asked alike, with the same answers in the same places; Ben holds a Monk, Cleo does not.
  await waitFor('both prompts', async () => (await tableState(ben.page)).answers.length > 0 && (await tableState(cleo.page)).answers.length > 0);
  const offered = async (p: Person) => p.page.$$eval('[data-testid=prompt] [data-testid=answer]', (els) => els.map((e) => (e as HTMLElement).dataset.answer));
  expect(await offered(ben)).toEqual(['monk', 'pay', 'defend']);
  expect(await offered(cleo)).toEqual(['monk', 'pay', 'defend']);
  expect(await ben.page.textContent('[data-testid=prompt-headline]')).toBe('Ann’s Commander attacks you: 4 BTL.');
  await screenshot(ben.page, 'mangoku-prompt-phone');
  await spectatorSeesNoHand();
  await answer(ben, 'monk');
  await answer(cleo, 'pay');

  // Ben (touch) attacks Ann, who defends with her hand.
  const benTurn = await theirTurn(ben);
  await putDown(ben, benTurn.view!, { card: opening.benAttack, targets: [0] });
  await answer(ann, 'defend');

  // Cleo (keyboard) plays an effect that is not an attack; it is accepted.
  const cleoTurn = await theirTurn(cleo);
  await putDown(cleo, cleoTurn.view!, opening.cleoPlay);
  const people: Record<number, Person> = { 0: ann, 1: ben };
  for (const seat of opening.accepting) await answer(people[seat], 'accept');

  const view = await waitFor('the three turns in the log', async () => {
    const v = await spectatorView();
    return v.campaigns[0].turns.length >= 3 ? v : null;
  });
  const answers = view.campaigns[0].turns.slice(0, 3).map((t) => t.answers ?? []);
  expect(answers[0]).toEqual([
    { seat: 1, answer: 'monk' },
    { seat: 2, answer: 'pay' },
  ]);
  expect(answers[1]).toEqual([{ seat: 0, answer: 'defend' }]);
  for (const seat of opening.accepting) expect(answers[2]).toContainEqual({ seat, answer: 'accept' });
  const log = await watcher.page.$$eval('[data-testid=log] .log-line', (els) => els.map((e) => e.textContent));
  expect(log).toContain('Ben cancelled the effect with a Monk.');
  expect(log).toContain('Cleo paid 1 coin into the centre pile and blocked the attack.');
  await spectatorSeesNoHand();
  await screenshot(ann.page, 'mangoku-table');
});

test('they play on to the final ranking; the spectator never sees a hand but a revealed one', async () => {
  const people = [ann, ben, cleo];
  const did = { play: 0, answer: 0, take: 0 };
  let revealsSeen = 0;
  for (let guard = 0; guard < 5000; guard++) {
    const states = await Promise.all(people.map((p) => tableState(p.page)));
    if (states.every((s) => s.result)) break;
    if ((await spectatorSeesNoHand()).length) revealsSeen++;
    const i = states.findIndex((s) => s.ready && s.yourTurn && !s.pending && !s.result);
    if (i < 0) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const person = people[i];
    const state = states[i];
    const view = state.view!;
    if (state.answers.length) {
      await answer(person, pick(state.answers));
      did.answer++;
    } else if (state.takes.length) {
      await take(person, pick(state.takes));
      did.take++;
    } else if (state.step === 'play') {
      await putDown(person, view, pick(mangoku.legalPlays(view, state.seat)));
      did.play++;
      if (did.play === 6) await screenshot(ben.page, 'mangoku-phone');
    } else await new Promise((r) => setTimeout(r, 50));
  }
  for (const p of [ann, ben, cleo, watcher]) await p.page.waitForSelector('[data-testid=result]');
  const ranking = await watcher.page.$$eval('[data-testid=rank-row]', (rows) => rows.map((r) => Number((r as HTMLElement).dataset.seat)));
  const result = (await spectatorView()).result!;
  expect(ranking).toEqual(result.ranking.flat());
  expect(result.coins.some((c) => c === 0)).toBe(true);
  expect(did.play).toBeGreaterThan(3);
  await screenshot(ann.page, 'mangoku-ranking');
  console.log(`Mangoku browser game: ${JSON.stringify(did)} moves by people after the first round, ${revealsSeen} checks during a reveal`);
  for (const p of [ann, ben, cleo, watcher]) expect(p.errors).toEqual([]);
});
