import { Client, matchMaker, Room } from '@colyseus/core';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';
import { TableRoom } from '../table/TableRoom';
import type { LibraryClient } from './FramedRoom';

jest.setTimeout(30_000);

/** The frames each room was handed, by type byte, and its clients as the library holds them. */
const frames: number[] = [];
let joined: LibraryClient | null = null;

class CountingRoom extends TableRoom {
  protected override onFrame(client: LibraryClient, buffer: Buffer): void {
    frames.push(buffer[0]);
    joined = client;
    super.onFrame(client, buffer);
  }
}

const server = useTestServer({ roomClass: CountingRoom });

test("every frame a client sends reaches the room's onFrame, the join acknowledgement first", async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  // The library calls _onMessage for each frame: the join's acknowledgement came through onFrame,
  // and the full state followed it (TableClient.create waits for it).
  expect(frames[0]).toBe(10); // Protocol.JOIN_ROOM
  expect(ann.state.seats[0].name).toBe('Ann');
  await ann.must('addBot', {});
  expect(frames.filter((code) => code === 13).length).toBeGreaterThanOrEqual(1); // Protocol.ROOM_DATA
  await ann.leave();
});

test('a confirmed join keeps the queue property, emptied, and the join time, as the library names them', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  const client = joined as LibraryClient & Client;
  expect(client).not.toBeNull();
  expect('_enqueuedMessages' in client).toBe(true);
  expect(client._enqueuedMessages).toBeUndefined();
  expect(typeof client._joinedAt).toBe('number');
  // The room the library made is ours, and it is the one the client joined.
  expect(matchMaker.getLocalRoomById(ann.code)).toBeInstanceOf(CountingRoom);
  await ann.leave();
});

test("the library's own _onMessage still confirms a join as FramedRoom does (the same steps, the queue deleted)", () => {
  const library = String((Room.prototype as unknown as { _onMessage: () => void })._onMessage);
  expect(library).toMatch(/client\.state = [\w.]+JOINED;/);
  expect(library).toMatch(/client\._joinedAt = this\.clock\.elapsedTime;/);
  expect(library).toMatch(/this\.sendFullState\(client\)/);
  expect(library).toMatch(/delete client\._enqueuedMessages;/);
});
