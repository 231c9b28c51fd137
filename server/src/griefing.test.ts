import { RoomError } from '@samurai/shared';
import { TableClient } from './test-support/TableClient';
import { useTestServer } from './test-support/boot';

jest.setTimeout(30_000);

const IDLE_MS = 600;
const GRACE_MS = 1500;
// The production rules with shorter clocks, so the test can wait them out.
const server = useTestServer({ idleAfterMs: IDLE_MS, hostGraceMs: GRACE_MS });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a player who is here but never moves: after the idle time the host lets a bot play; acting again takes the seat back', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('start');
  ann.autoPlay();
  await ann.waitFor(() => !ann.owesMove(), 5000, 'Ann’s move made');
  await bob.waitFor(() => bob.owesMove(), 5000, 'Bob owing a move');
  const owed = bob.positionKey();
  // Bob is connected and owes his move, but has not kept anyone waiting long yet.
  expect(await ann.expectError('standIn', { seat: 1 })).toMatchObject({ code: RoomError.NotAway });
  await ann.waitFor((s) => s.seats[1].idle, 5000, 'Bob idle');
  expect(ann.state.seats[1].connected).toBe(true);
  // Only the host may do it.
  expect(await bob.expectError('standIn', { seat: 0 })).toMatchObject({ code: RoomError.NotHost });
  await ann.must('standIn', { seat: 1 });
  await bob.waitFor((s) => s.seats[1].bot !== '' && bob.positionKey() !== owed, 5000, 'the bot moving for Bob');
  expect(ann.state.seats[1].idle).toBe(false);
  // Bob is back: "resume" gives him his seat (a move of his own would too).
  expect(await ann.expectError('resume')).toMatchObject({ code: RoomError.NotAway });
  await bob.must('resume');
  await ann.waitFor((s) => s.seats[1].bot === '');
  bob.autoPlay();
  await ann.waitForMoves(4, 15_000, 'the game under way');
  await ann.leave();
  await bob.leave();
});

test('a player may hand their own seat to the bot at any time, and take it back with one request', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  expect(await bob.request('standIn', { seat: 1 })).toMatchObject({ code: RoomError.NoGame });
  await ann.must('start');
  ann.autoPlay();
  // Bob is here and not idle: his own seat he may hand over; nobody else's.
  await bob.must('standIn', { seat: 1 });
  await ann.waitFor((s) => s.seats[1].bot !== '', 5000, 'a bot playing for Bob');
  await ann.waitForMoves(20, 15_000, 'the bot playing for Bob');
  await bob.must('resume');
  await ann.waitFor((s) => s.seats[1].bot === '', 5000, 'Bob back');
  await ann.leave();
  await bob.leave();
});

test('a removed player cannot sit down again in that room (under any name) unless the host lets them back', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 3 } });
  await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('removeSeat', { seat: 1 });
  await ann.waitFor((s) => s.seats[1].kind === 'open' && s.removed.length === 1);
  expect(Array.from(ann.state.removed)).toEqual(['Bob']);
  // Bob's address is refused as a player, whatever the name...
  expect(await TableClient.refusal(server.url, ann.code, { role: 'player', name: 'Bob' })).toMatchObject({ error: RoomError.Removed });
  expect(await TableClient.refusal(server.url, ann.code, { role: 'player', name: 'Robert' })).toMatchObject({ error: RoomError.Removed });
  // ...but may watch.
  const watching = await TableClient.join(server.url, ann.code, { role: 'spectator' });
  expect(watching.seat).toBe('spectator');
  expect(await ann.request('letBack', { name: 'Zed' })).toMatchObject({ code: RoomError.NotRemoved });
  expect(await watching.request('letBack', { name: 'Bob' })).toMatchObject({ code: RoomError.Spectator });
  await ann.must('letBack', { name: 'bob' });
  await ann.waitFor((s) => s.removed.length === 0);
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  expect(bob.seat).toBe(1);
  await Promise.all([ann.leave(), bob.leave(), watching.leave()]);
});

test('the host keeps the role through a short absence, and it passes on once the grace period is over', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  const annId = ann.welcome!.memberId;
  ann.drop(); // a network blip in the lobby
  await bob.waitFor((s) => !s.seats[0].connected, 5000, 'Ann away');
  expect(bob.state.host).toBe(annId);
  // Bob cannot take over and remove her meanwhile.
  expect(await bob.request('removeSeat', { seat: 0 })).toMatchObject({ code: RoomError.NotHost });
  // She is back within the grace period: still the host.
  const back = await TableClient.join(server.url, ann.code, { seatToken: ann.seatToken });
  await bob.waitFor((s) => s.seats[0].connected);
  expect(bob.state.host).toBe(annId);
  // Gone for longer than the grace period: the role passes to Bob.
  back.drop();
  await bob.waitFor((s) => !s.seats[0].connected);
  await pause(GRACE_MS / 2);
  expect(bob.state.host).toBe(annId);
  await bob.waitFor((s) => s.host === bob.welcome!.memberId, GRACE_MS * 2, 'Bob hosts');
  await bob.leave();
});
