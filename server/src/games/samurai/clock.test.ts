import { CLOCK_RULES, decodeLogEntry, RoomError } from '@samurai/shared';
import { useTestServer } from '../../test-support/boot';
import { SamuraiClient } from './test-support/SamuraiClient';
import { TableClient } from '../../test-support/TableClient';

jest.setTimeout(90_000);

/** Clocks short enough to run out in a test (a test cannot wait 30 s a move); the rest as played. */
const MOVE_MS = 2000;
const BANK_MS = 4000;
const INCREMENT_MS = 500;
const AWAY_MINUTE_MS = 1500;
const server = useTestServer({
  clockRules: { ...CLOCK_RULES, 'move-30s': { kind: 'move', moveMs: MOVE_MS }, 'bank-5m-5s': { kind: 'bank', bankMs: BANK_MS, incrementMs: INCREMENT_MS } },
  awayMinuteMs: AWAY_MINUTE_MS,
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const runs = (state: { clockRunning: number }, seat: number) => (state.clockRunning & (1 << seat)) !== 0;

/** A 2-player Samurai game dealt straight into play (random hands and setup): Ann hosts, Bob joins. */
async function samuraiGame(options: object): Promise<{ ann: SamuraiClient; bob: SamuraiClient }> {
  const ann = await SamuraiClient.create(server.url, {
    name: 'Ann',
    options: { players: 2, startingHands: 'random', setup: 'random', botLevel: 'random', ...options },
  });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('start');
  await ann.waitFor((s) => s.phase === 'play', 5000, 'the game under way');
  return { ann, bob };
}

/** How many turns seat `seat` has ended (or passed) in the game so far, from the public log. */
function turnsEnded(state: SamuraiClient['state'], seat: number): number {
  return Array.from(state.log)
    .map(decodeLogEntry)
    .filter((e) => (e.kind === 'end' || e.kind === 'pass') && e.seat === seat).length;
}

test("a time per move runs for the seat that owes it; run out, the room's bot plays that seat, turn after turn, until its player is back", async () => {
  const { ann, bob } = await samuraiGame({ clock: 'move-30s' });
  expect(ann.state.options.clock).toBe('move-30s');
  ann.autoPlay();
  await bob.waitFor((s) => s.seat === 1 && runs(s, 1), 10_000, "Bob's turn, his clock running");
  const turnBegan = Date.now();
  expect(runs(bob.state, 0)).toBe(false);
  expect(bob.state.seats[1].clockLeft).toBeLessThanOrEqual(MOVE_MS / 100);
  expect(bob.state.seats[1].clockLeft).toBeGreaterThan(0);
  // Bob does nothing: once his time is up, the bot plays for him, and goes on doing so.
  await bob.waitFor((s) => s.seats[1].bot === 'random', 10_000, 'the stand-in');
  expect(Date.now() - turnBegan).toBeGreaterThanOrEqual(MOVE_MS - 200); // not before his time was up
  // His clock reads zero: a browser that counted it down stopped a tenth or so short of it.
  await bob.waitFor((s) => s.seats[1].clockLeft === 0, 5000, 'his clock at zero in the state');
  expect(bob.state.seats[1].kind).toBe('human');
  const endedBefore = turnsEnded(bob.state, 1);
  await bob.waitFor((s) => turnsEnded(s, 1) >= endedBefore + 2 || s.phase === 'over', 20_000, 'the bot playing two of his turns');
  expect(bob.state.clockRunning & 2).toBe(0); // no clock runs for a seat the bot plays
  // "I'm back": his seat is his again, and his next move gets the full time.
  await bob.must('resume');
  await bob.waitFor((s) => s.seats[1].bot === '', 5000, 'Bob back');
  if (bob.state.phase !== 'over') {
    await bob.waitFor((s) => s.seat === 1 && runs(s, 1), 10_000, 'his clock running again');
    expect(bob.state.seats[1].clockLeft).toBeGreaterThan(MOVE_MS / 100 - 10);
    bob.autoPlay();
    await bob.waitFor((s) => s.phase === 'over', 60_000, 'the end');
    expect(bob.state.seats[1].bot).toBe(''); // he played his own moves in time
  }
  expect(bob.state.clockRunning).toBe(0);
  await Promise.all([ann.leave(), bob.leave()]);
});

test('acting takes the seat back from the bot too, once the bot has made the move whose time ran out', async () => {
  // Ann is slow to act: the bot plays her turn; her own play in a later turn ends the stand-in.
  const { ann, bob } = await samuraiGame({ clock: 'move-30s', botDelayMs: 1500 });
  bob.autoPlay();
  await ann.waitFor((s) => s.seats[0].bot === 'random', 15_000, 'a stand-in for Ann');
  // The bot waits its delay before each of its plays: the turn Ann ran out of time for is its own to finish.
  expect(ann.state.seat).toBe(0);
  expect(await ann.expectError('endTurn')).toMatchObject({ code: RoomError.BotMoving });
  expect(await ann.expectError('resume')).toMatchObject({ code: RoomError.BotMoving });
  expect(ann.state.seats[0].bot).toBe('random');
  await ann.waitFor((s) => s.seat === 1 || s.phase === 'over', 30_000, "the bot's end of Ann's turn");
  if (ann.state.phase === 'over') return void (await Promise.all([ann.leave(), bob.leave()]));
  ann.autoPlay();
  await ann.waitFor((s) => s.seats[0].bot === '', 10_000, 'Ann playing her seat again');
  await ann.waitFor((s) => s.phase === 'over', 60_000, 'the end');
  await Promise.all([ann.leave(), bob.leave()]);
});

test("against a bot, a person's move ends when the bot's turn comes: the next starts with the full time", async () => {
  const ann = await SamuraiClient.create(server.url, {
    name: 'Ann',
    options: { players: 2, startingHands: 'random', setup: 'random', botLevel: 'random', clock: 'move-30s' },
  });
  await ann.must('addBot', {});
  await ann.must('start');
  await ann.waitFor((s) => s.phase === 'play' && s.seat === 0 && runs(s, 0), 10_000, "Ann's turn, her clock running");
  // She takes a while over her first move, then plays on; the bot plays at once.
  await pause(800);
  ann.autoPlay();
  await ann.waitFor((s) => (turnsEnded(s, 0) >= 1 && s.seat === 0 && runs(s, 0)) || s.phase === 'over', 20_000, "Ann's next turn");
  // Her time for it, as sent when it began: the whole move, not what her last one left.
  const next = ann.state.seats[0].clockLeft;
  ann.stopAutoPlay();
  expect(next).toBe(MOVE_MS / 100);
  await ann.leave();
});

/** A seat's time as the server has it now (tenths of a second). */
const exactClock = (code: string, seat: number) => TableClient.clockLeft(server.url, code, seat);

test('a time bank gains its increment as each move begins and loses the time the move took', async () => {
  const { ann, bob } = await samuraiGame({ clock: 'bank-5m-5s' });
  // Dealt: the whole bank, none running yet. The increment is added as a move begins.
  expect(bob.state.seats[1].clockLeft).toBe(BANK_MS / 100);
  ann.autoPlay();
  await bob.waitFor((s) => s.seat === 1 && runs(s, 1), 10_000, "Bob's turn");
  ann.stopAutoPlay(); // until Bob's move is measured
  // (The wire says only that his clock runs: a browser adds the increment itself.)
  expect(bob.state.seats[1].clockLeft).toBe(BANK_MS / 100);
  const atStart = await exactClock(ann.code, 1);
  expect(atStart).toBeLessThanOrEqual((BANK_MS + INCREMENT_MS) / 100);
  expect(atStart).toBeGreaterThan((BANK_MS + INCREMENT_MS - 1000) / 100);
  await pause(1000);
  bob.autoPlay();
  await bob.waitFor((s) => s.seat === 0 || s.phase === 'over', 10_000, 'his move made');
  bob.stopAutoPlay();
  await bob.waitFor((s) => !runs(s, 1));
  const left = await exactClock(ann.code, 1);
  expect(left).toBeLessThanOrEqual((BANK_MS + INCREMENT_MS - 1000) / 100);
  expect(left).toBeGreaterThan(0);
  // His next move adds the increment to what was left.
  ann.autoPlay();
  await bob.waitFor((s) => s.seat === 1 && runs(s, 1), 10_000, "Bob's next turn");
  const next = await exactClock(ann.code, 1);
  expect(next).toBeLessThanOrEqual(left + INCREMENT_MS / 100);
  expect(next).toBeGreaterThan(left + INCREMENT_MS / 100 - 10);
  await Promise.all([ann.leave(), bob.leave()]);
});

test('several seats owing at once each run their own clock (the starting hands)', async () => {
  const ann = await SamuraiClient.create(server.url, { name: 'Ann', options: { players: 2, startingHands: 'chosen', clock: 'move-3m' } });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  // No clock runs in the lobby.
  expect(ann.state.clockRunning).toBe(0);
  await ann.must('start');
  await ann.waitFor((s) => s.phase === 'hands' && s.clockRunning === 0b11, 5000, 'both clocks running');
  expect(ann.state.seats[0].clockLeft).toBe(1800);
  ann.autoPlay();
  await bob.waitFor((s) => s.seats[0].handChosen, 5000, "Ann's hand");
  await bob.waitFor((s) => s.clockRunning === 0b10, 5000, "Ann's clock stopped, Bob's running");
  await Promise.all([ann.leave(), bob.leave()]);
});

test('no clock (the default) never runs', async () => {
  const { ann, bob } = await samuraiGame({});
  expect(ann.state.options.clock).toBe('none');
  ann.autoPlay();
  bob.autoPlay();
  await ann.waitFor((s) => s.phase === 'over', 60_000, 'the end');
  const seen = ann.state.seats;
  expect([seen[0].clockLeft, seen[1].clockLeft, ann.state.clockRunning]).toEqual([0, 0, 0]);
  await Promise.all([ann.leave(), bob.leave()]);
});

test("a player whose browser has been away for the host's away time gets the bot, until they come back", async () => {
  const ann = await SamuraiClient.create(server.url, {
    name: 'Ann',
    options: { players: 2, startingHands: 'random', setup: 'random', botLevel: 'random', awayMinutes: 1 },
  });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  // In the lobby nobody is replaced for being away.
  await ann.must('start');
  ann.autoPlay();
  bob.drop();
  await ann.waitFor((s) => !s.seats[1].connected, 5000, 'Bob away');
  const away = Date.now();
  await ann.waitFor((s) => s.seats[1].bot === 'random', 10_000, 'the stand-in');
  expect(Date.now() - away).toBeGreaterThanOrEqual(AWAY_MINUTE_MS - 200);
  await ann.waitFor((s) => turnsEnded(s, 1) >= 2 || s.phase === 'over', 20_000, 'the bot playing for Bob');
  const back = await SamuraiClient.join(server.url, ann.code, { seatToken: bob.seatToken });
  await ann.waitFor((s) => s.seats[1].connected && s.seats[1].bot === '', 5000, 'Bob back in person');
  back.autoPlay();
  await ann.waitFor((s) => s.phase === 'over', 60_000, 'the end');
  await Promise.all([ann.leave(), back.leave()]);
});

test("the away time is off by default: an away player's seat waits for them", async () => {
  const { ann, bob } = await samuraiGame({});
  bob.drop();
  await ann.waitFor((s) => !s.seats[1].connected, 5000, 'Bob away');
  await pause(AWAY_MINUTE_MS * 2);
  await ann.sync();
  expect(ann.state.seats[1].bot).toBe('');
  await ann.leave();
});
