import { mangoku } from '@samurai/shared';
import { MangokuClient } from './test-support/MangokuClient';
import { useTestServer } from '../../test-support/boot';
import { checkMangokuFrames, showingsOf } from './test-support/leak-check';
import { deckOf, stackedDeal } from './test-support/stacked-deck';

jest.setTimeout(90_000);

/** Rooms whose game the test deals (by room code); every other room is dealt at random. */
const deals = new Map<string, ReturnType<typeof stackedDeal>>();
const server = useTestServer({ dealingRng: (code) => deals.get(code) ?? { int: (n) => Math.floor(Math.random() * n) } });

/** What the whole games of this file showed privately, by kind: the check must have seen both. */
const tally = { blocked: 0, nobleman: 0 };

/**
 * A whole game with people at some seats and bots at the others, a spectator who watches from the
 * start and one who arrives mid-game; then every frame each of them received is decoded and
 * checked, and each private showing the game made must have reached its one viewer.
 */
async function playAndCheck(players: mangoku.PlayerCount, people: number) {
  const host = await MangokuClient.create(server.url, { name: 'Hiro', options: { players, botLevel: 'random', promptSeconds: 60 } });
  const clients = [host];
  for (let i = 1; i < people; i++) clients.push(await MangokuClient.join(server.url, host.code, { role: 'player', name: `P${i}` }));
  const early = await MangokuClient.join(server.url, host.code, { role: 'spectator' });
  for (let i = people; i < players; i++) await host.must('addBot', {});
  clients.forEach((c, i) => c.autoPlay(i % 2 ? 'random' : 'greedy'));
  await host.must('start');
  await early.waitFor((s) => s.log.length > 15 || s.phase === 'over', 20_000, 'mid-game');
  const late = await MangokuClient.join(server.url, host.code, { role: 'spectator' });
  await Promise.all([...clients, early, late].map((c) => c.waitFor((s) => s.phase === 'over' && s.result !== '', 60_000, 'all see the end')));

  const campaigns = early.view.campaigns;
  const expected = showingsOf(1, campaigns);
  const revealed = campaigns.flatMap((c) => c.events).filter((e) => e.type === 'revealed').length;
  const tokens = clients.map((c) => c.seatToken);
  for (const client of [...clients, early, late]) {
    const report = checkMangokuFrames(
      client,
      tokens.filter((t) => t !== client.welcome?.seatToken),
    );
    expect(report.leaks).toEqual([]);
    expect(report.stateFrames).toBeGreaterThan(client === late ? 0 : 10);
    const seat = client.seat;
    // Each showing reached exactly its viewer: spectators none, each player exactly those meant for them.
    expect([...report.showings].sort()).toEqual([...(seat === 'spectator' ? [] : (expected.get(seat) ?? []))].sort());
    if (seat !== 'spectator') expect(report.framesWithOwnHand).toBeGreaterThan(5);
    else expect(report.framesWithOwnHand).toBe(0);
    // Every reveal reached everyone who was there, spectators included.
    if (client !== late) expect(report.reveals.size).toBe(revealed);
  }
  for (const keys of expected.values()) for (const key of keys) tally[key.includes('nobleman') ? 'nobleman' : 'blocked']++;
  for (const c of clients) expect(c.errors).toEqual([]);
  for (const c of [...clients, early, late]) await c.leave();
}

test('2 players: no frame carries the other hand', () => playAndCheck(2, 2));
test('3 players (one a bot): nothing hidden reaches anyone', () => playAndCheck(3, 2));
test('4 players (one a bot)', () => playAndCheck(4, 3));
test('5 players (two bots)', () => playAndCheck(5, 3));
test('6 players (two bots)', () => playAndCheck(6, 4));
test('6 players, all people', () => playAndCheck(6, 6));

test('the games above made private showings (the check saw some), in a few dozen blocked attacks', () => {
  // Nobleman looks and reveals are rarer in random games: the scripted games below make them.
  expect(tally.blocked).toBeGreaterThan(5);
});

test("a Shrine Maiden's reveal reaches every player and spectator, for REVEAL_SECONDS, then is gone from the state", async () => {
  const ann = await MangokuClient.create(server.url, { name: 'Ann', options: { players: 3, promptSeconds: 60 } });
  const bob = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  const cat = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Cat' });
  const eve = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  // Ann plays first and holds the Shrine Maiden.
  deals.set(ann.code, stackedDeal(3, 0, deckOf(3, ['shrinemaiden', 'peasant', 'monk', 'captain', 'warlord', 'bandit', 'emperor', 'peasant'])));
  await ann.must('start');
  const hands = [bob, cat].map((c) => c.view.hands[c.seat as number]!);
  await ann.must('play', { card: 'shrinemaiden' });
  await bob.must('answer', { answer: 'accept' });
  const shownAt = performance.now();
  await cat.must('answer', { answer: 'accept' });
  const late = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  const everyone = [ann, bob, cat, eve, late];
  for (const c of everyone) {
    await c.sync();
    const { view, revealsEndAt } = c.roomView!;
    expect(view.reveals).toEqual([{ id: 0, campaign: 0, seats: [1, 2], hands }]);
    expect(revealsEndAt[0] - Date.now()).toBeGreaterThan((mangoku.REVEAL_SECONDS - 2) * 1000);
  }
  // The log keeps that it happened, never the cards.
  expect(eve.view.campaigns[0].events).toContainEqual({ type: 'revealed', turn: 0, seats: [1, 2] });
  expect(Array.from(eve.state.log).join()).not.toContain('warlord');
  await Promise.all(everyone.map((c) => c.waitFor((s) => s.reveals === '', (mangoku.REVEAL_SECONDS + 3) * 1000, 'the reveal to end')));
  expect(performance.now() - shownAt).toBeGreaterThan((mangoku.REVEAL_SECONDS - 0.5) * 1000);
  for (const c of everyone) expect(c.view.reveals).toEqual([]);
  const tokens = [ann, bob, cat].map((c) => c.seatToken);
  for (const c of everyone)
    expect(
      checkMangokuFrames(
        c,
        tokens.filter((t) => t !== c.welcome?.seatToken),
      ).leaks,
    ).toEqual([]);
  for (const c of everyone) await c.leave();
});

test("a Nobleman's look and a blocked defender's hand reach the one player they are for, and the card taken stays hers until played", async () => {
  const ann = await MangokuClient.create(server.url, { name: 'Ann', options: { players: 3, promptSeconds: 60 } });
  const bob = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  const cat = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Cat' });
  const eve = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  const others = [bob, cat, eve];
  // Ann plays first: a Nobleman at Bob (Captain, Monk), then the Captain she takes at Cat (Warlord, Peasant).
  deals.set(ann.code, stackedDeal(3, 0, deckOf(3, ['nobleman', 'peasant', 'captain', 'monk', 'warlord', 'peasant', 'emperor', 'bandit'])));
  await ann.must('start');
  await ann.must('play', { card: 'nobleman', targets: [1] });
  await bob.must('answer', { answer: 'accept' });
  const look = { to: 0, from: 1, cards: ['captain', 'monk'], why: 'nobleman', turn: 0 };
  await Promise.all(others.map((c) => c.sync()));
  expect(ann.view.step).toEqual({ kind: 'take', seat: 0, from: 1, options: ['captain', 'monk'] });
  expect(ann.view.shown).toEqual([look]);
  for (const c of others) {
    expect(c.view.step).toEqual({ kind: 'take', seat: 0, from: 1, options: null });
    expect(c.view.shown).toEqual([]);
  }
  await ann.must('take', { card: 'captain' });
  await Promise.all(others.map((c) => c.sync()));
  expect([ann.view.taken, ann.view.turn!.chain]).toEqual(['captain', [{ card: 'nobleman', targets: [1], took: 'captain' }]]);
  for (const c of others) expect([c.view.taken, c.view.turn!.chain]).toEqual([null, [{ card: 'nobleman', targets: [1] }]]);
  await ann.must('play', { card: 'captain', targets: [2] });
  await cat.must('answer', { answer: 'defend' });
  await Promise.all(others.map((c) => c.sync()));
  expect(ann.view.shown).toEqual([look, { to: 0, from: 2, cards: ['peasant', 'warlord'], why: 'blocked', turn: 0 }]);
  for (const c of others) expect(c.view.shown).toEqual([]);
  expect(eve.view.campaigns[0].events).toEqual([{ type: 'blocked', turn: 0, seat: 2 }]);

  const tokens = [ann, bob, cat].map((c) => c.seatToken);
  const expected = showingsOf(1, eve.view.campaigns);
  expect(expected.get(0)?.size).toBe(2);
  for (const c of [ann, ...others]) {
    const report = checkMangokuFrames(
      c,
      tokens.filter((t) => t !== c.welcome?.seatToken),
    );
    expect(report.leaks).toEqual([]);
    expect([...report.showings].sort()).toEqual(c === ann ? [...expected.get(0)!].sort() : []);
  }
  for (const c of [ann, ...others]) await c.leave();
});
