import { Client } from 'colyseus.js';
import {
  CLIENT_MESSAGE_TYPES,
  CLOSE_REMOVED,
  CLOSE_SEAT_TAKEN_OVER,
  JOIN_REFUSED,
  parseJoinError,
  RoomError,
  ROOM_NAME,
  SPECTATOR_MESSAGE_TYPES,
  summariseLog,
  unpackHand,
} from '@samurai/shared';
import { SamuraiClient } from './test-support/SamuraiClient';
import { useTestServer } from '../../test-support/boot';

jest.setTimeout(60_000);

// A short grace period, so the host hand-over is quick to see (griefing.test.ts covers the grace itself).
const server = useTestServer({ hostGraceMs: 200 });

/** A started 2-player game between Ann (host, seat 0) and Bob (seat 1). */
async function startedGame() {
  const ann = await SamuraiClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  ann.send('start');
  await bob.waitFor((s) => s.phase === 'hands');
  return { ann, bob, code: ann.code };
}

/** The error code of a join the server refused. */
async function refusedJoin(code: string, options: object): Promise<string | undefined> {
  try {
    const room = await new Client(server.url).joinById(code, options);
    await room.leave();
    return undefined;
  } catch (error) {
    const e = error as { code: number; message: string };
    expect(e.code).toBe(JOIN_REFUSED);
    return parseJoinError(e.message)?.code;
  }
}

test('a dropped connection: the others see the seat away; the token brings it back, hand and all', async () => {
  const { ann, bob, code } = await startedGame();
  ann.autoPlay();
  bob.autoPlay();
  await ann.waitFor((s) => s.phase === 'play' && s.log.length > 40, 20_000, 'mid-game');
  bob.stopAutoPlay();
  const token = bob.seatToken;
  const bobId = bob.welcome!.memberId;
  bob.drop();
  await ann.waitFor((s) => s.seats[1].connected === false, 5000, 'Bob away');
  expect(ann.state.seats[1].kind).toBe('human');

  const back = await SamuraiClient.join(server.url, code, { seatToken: token });
  expect(back.welcome).toEqual({ role: 'player', memberId: bobId, seatToken: token });
  expect(back.seat).toBe(1);
  await ann.waitFor((s) => s.seats[1].connected === true, 5000, 'Bob back');
  const hand = unpackHand(back.state.seats[1].hand!);
  expect(hand.length).toBe(back.state.seats[1].handCount);
  expect(back.state.seats[0].hand).toBeUndefined();

  back.autoPlay();
  await ann.waitFor((s) => s.phase === 'over', 30_000, 'the end');
  expect(back.errors).toEqual([]);
  await ann.leave();
  await back.leave();
});

test('the host has a bot stand in for a player who is away; it gives the seat back when they return', async () => {
  const { ann, bob, code } = await startedGame();
  expect((await ann.expectError('standIn', { seat: 1 })).code).toBe(RoomError.NotAway); // Bob is here
  expect((await ann.expectError('standIn', { seat: 3 })).code).toBe(RoomError.BadSeat);
  expect((await bob.expectError('standIn', { seat: 0 })).code).toBe(RoomError.NotHost);
  const token = bob.seatToken;
  bob.drop();
  await ann.waitFor((s) => s.seats[1].connected === false, 5000, 'Bob away');
  await ann.must('standIn', { seat: 1 });
  expect(ann.state.seats[1].kind).toBe('human');
  expect(ann.state.seats[1].bot).toBe('greedy'); // the room's bot level
  expect((await ann.expectError('standIn', { seat: 1 })).code).toBe(RoomError.NotAway); // already done

  const refusals = ann.errors.length;
  // The stand-in chooses Bob's hand and places his pieces.
  await ann.waitFor((s) => s.seats[1].handChosen, 5000, 'the stand-in choosing');
  ann.autoPlay();
  await ann.waitFor((s) => summariseLog(s.log).placements.some((p) => p.seat === 1), 10_000, 'the stand-in placing a piece');
  ann.stopAutoPlay();
  await ann.waitFor((s) => s.seat === 0, 5000, "Ann's turn");

  // Bob is back: the stand-in stops, and his seat waits for him.
  const back = await SamuraiClient.join(server.url, code, { seatToken: token });
  await ann.waitFor((s) => s.seats[1].connected && s.seats[1].bot === '', 5000, 'Bob back in person');
  ann.autoPlay();
  await ann.waitFor((s) => s.seat === 1, 5000, "Bob's turn");
  ann.stopAutoPlay();
  const logLength = ann.state.log.length;
  await new Promise((resolve) => setTimeout(resolve, 300)); // bots move at once in tests
  await ann.sync();
  expect(ann.state.log.length).toBe(logLength);
  expect(['pieces', 'play']).toContain(ann.state.phase);

  ann.autoPlay();
  back.autoPlay();
  await ann.waitFor((s) => s.phase === 'over', 30_000, 'the end');
  expect([...ann.errors.slice(refusals), ...back.errors]).toEqual([]);
  await ann.leave();
  await back.leave();
});

test('a reload while the old connection lingers: the newest connection holds the seat', async () => {
  const { ann, bob, code } = await startedGame();
  const reloaded = await SamuraiClient.join(server.url, code, { seatToken: bob.seatToken });
  await bob.waitFor(() => bob.closeCode !== null, 5000, 'the old tab closed').catch(() => undefined);
  expect(bob.closeCode).toBe(CLOSE_SEAT_TAKEN_OVER);
  expect(reloaded.seat).toBe(1);
  await ann.waitFor((s) => s.seats[1].connected === true);
  // The reclaimed seat plays on: Bob chooses a hand from the new tab.
  reloaded.send('chooseHand', { tiles: ['samurai1', 'samurai1', 'samurai2', 'ronin1', 'move'] });
  await reloaded.waitFor((s) => s.seats[1].handChosen);
  expect(unpackHand(reloaded.state.seats[1].hand!)).toEqual([9, 9, 10, 12, 16]);
  await ann.leave();
  await reloaded.leave();
});

test('nobody takes a seat without its token', async () => {
  const { ann, bob, code } = await startedGame();
  const other = await SamuraiClient.create(server.url, { name: 'Zed' });
  expect(await refusedJoin(code, { seatToken: 'A'.repeat(32) })).toBe(RoomError.SeatToken);
  expect(await refusedJoin(code, { seatToken: other.seatToken })).toBe(RoomError.SeatToken);
  expect(await refusedJoin(code, { seatToken: 'short' })).toBe(RoomError.Malformed);
  expect(await refusedJoin(code, { seatToken: bob.seatToken, role: 'player' })).toBe(RoomError.Malformed);
  // Joining as a new player once the game runs is refused; watching is not.
  expect(await refusedJoin(code, { role: 'player', name: 'Mallory' })).toBe(RoomError.GameStarted);
  const watcher = await SamuraiClient.join(server.url, code, { role: 'spectator', name: 'Mallory' });
  expect(watcher.seat).toBe('spectator');
  expect(bob.closeCode).toBeNull();
  expect(ann.state.seats[1].connected).toBe(true);
  for (const c of [ann, bob, other, watcher]) await c.leave();
});

test('spectators cannot act: every request is refused and nothing changes', async () => {
  const { ann, bob, code } = await startedGame();
  const eve = await SamuraiClient.join(server.url, code, { role: 'spectator' });
  const log = eve.state.log.length;
  // (They may chat, and only chat: chat.test.ts.)
  for (const type of CLIENT_MESSAGE_TYPES.filter((t) => !(SPECTATOR_MESSAGE_TYPES as readonly string[]).includes(t))) {
    const error = await eve.expectError(type, type === 'chooseHand' ? { tiles: ['move', 'switch', 'ronin1', 'ship1', 'ship2'] } : undefined);
    expect(error.code).toBe(RoomError.Spectator);
    expect(error.request).toBe(type);
  }
  expect(eve.state.log.length).toBe(log);
  expect(Array.from(eve.state.seats).map((s) => s.handChosen)).toEqual([false, false]);
  for (const c of [ann, bob, eve]) await c.leave();
});

test('the host role passes on when the host leaves, and does not come back with the token', async () => {
  const { ann, bob, code } = await startedGame();
  const annId = ann.welcome!.memberId;
  const token = ann.seatToken;
  await ann.leave();
  await bob.waitFor((s) => s.host === bob.welcome!.memberId, 5000, 'Bob hosts');
  expect(bob.state.seats[0].connected).toBe(false);
  const back = await SamuraiClient.join(server.url, code, { seatToken: token });
  expect(back.welcome!.memberId).toBe(annId);
  await bob.waitFor((s) => s.seats[0].connected);
  expect(bob.state.host).toBe(bob.welcome!.memberId);
  await back.leave();
  await bob.leave();
});

test('before the game: leaving opens the seat; a dropped player stays until the host removes them', async () => {
  const ann = await SamuraiClient.create(server.url, { name: 'Ann', options: { players: 3 } });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  const cat = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Cat' });
  await bob.leave();
  await ann.waitFor((s) => s.seats[1].kind === 'open', 5000, 'Bob gone');
  expect(await refusedJoin(ann.code, { seatToken: bob.seatToken })).toBe(RoomError.SeatToken);

  cat.drop();
  await ann.waitFor((s) => s.seats[2].connected === false, 5000, 'Cat away');
  expect(ann.state.seats[2].name).toBe('Cat');
  // Cat's token still works before the game too.
  const catBack = await SamuraiClient.join(server.url, ann.code, { seatToken: cat.seatToken });
  expect(catBack.seat).toBe(2);
  ann.send('removeSeat', { seat: 2 });
  await catBack.waitFor(() => catBack.closeCode !== null, 5000, 'Cat removed').catch(() => undefined);
  expect(catBack.closeCode).toBe(CLOSE_REMOVED);
  await ann.waitFor((s) => s.seats[2].kind === 'open');
  expect(await refusedJoin(ann.code, { seatToken: cat.seatToken })).toBe(RoomError.SeatToken);
  await ann.leave();
});

test('a seat token lasts through a rematch, in the rotated seat', async () => {
  const { ann, bob, code } = await startedGame();
  ann.autoPlay();
  bob.autoPlay();
  await ann.waitFor((s) => s.phase === 'over', 30_000, 'the end');
  await ann.rematch([bob]);
  await bob.waitFor((s) => s.game === 2);
  expect(bob.seat).toBe(0);
  bob.stopAutoPlay();
  bob.drop();
  const back = await SamuraiClient.join(server.url, code, { seatToken: bob.seatToken });
  expect(back.seat).toBe(0);
  expect(back.state.seats[0].hand).toBeDefined();
  expect(back.state.seats[1].hand).toBeUndefined();
  await ann.leave();
  await back.leave();
});

test('an unknown room code is Colyseus\'s own "not found"', async () => {
  await expect(new Client(server.url).joinById('ZZZZZ', { role: 'spectator' })).rejects.toMatchObject({ code: 4212 });
  await expect(new Client(server.url).create(ROOM_NAME, { name: '' })).rejects.toMatchObject({ code: JOIN_REFUSED });
});
