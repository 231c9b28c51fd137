import { matchMaker, Room } from '@colyseus/core';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';
import { dropSeatReservations, reservedSeatCount } from './seat-reservations';

jest.setTimeout(30_000);

const server = useTestServer();

test('a seat reserved and not yet taken is counted, and dropped with its timer', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  const room = matchMaker.getLocalRoomById(ann.code) as Room;
  expect(reservedSeatCount(room)).toBe(0);
  const reservation = await matchMaker.joinById(ann.code, { role: 'spectator' });
  expect(reservedSeatCount(room)).toBe(1);
  expect(room.hasReservedSeat(reservation.sessionId)).toBe(true);
  const timers = (room as unknown as { reservedSeatTimeouts: Record<string, NodeJS.Timeout> }).reservedSeatTimeouts;
  expect(Object.keys(timers)).toEqual([reservation.sessionId]);
  dropSeatReservations(room, true);
  expect(reservedSeatCount(room)).toBe(0);
  expect(room.hasReservedSeat(reservation.sessionId)).toBe(false);
  await ann.leave();
});
