import { matchMaker, Room } from '@colyseus/core';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';
import { roomChannel, stopAnsweringRoomCalls } from './room-channel';

jest.setTimeout(30_000);

const server = useTestServer();

test("a room listens for other processes' calls on the channel MatchMaker names after it, and stops when told", async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  const room = matchMaker.getLocalRoomById(ann.code) as Room;
  expect(await room.presence.channels(roomChannel(room.roomId))).toEqual([`$${room.roomId}`]);
  // A remote call for the room arrives there (the colours route uses this).
  expect(await matchMaker.remoteRoomCall(room.roomId, 'takenColours')).toEqual([ann.state.seats[0].colour]);
  await stopAnsweringRoomCalls(room);
  expect(await room.presence.channels(roomChannel(room.roomId))).toEqual([]);
  await ann.leave();
});
