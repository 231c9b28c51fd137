import { Protocol } from '@colyseus/core';
import { CLOSE_RATE_LIMITED, MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, RATE_LIMIT_PER_SECOND, RoomError } from '@samurai/shared';
import { TableClient } from './test-support/TableClient';
import { useTestServer } from './test-support/boot';
import { FLOOD_FACTOR } from './table/RateLimiter';
import { CUT_OFF_GRACE_MS } from './transport/cut-off';

jest.setTimeout(60_000);

// The production limits (the other test files raise the rate limit); a short flood cool-down
// (longer than the cut-off socket's grace, so a refusal is seen within it).
const COOLDOWN_MS = 2000;
const server = useTestServer({ rateLimitPerSecond: RATE_LIMIT_PER_SECOND, floodCooldownMs: COOLDOWN_MS });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sendFrame(client: TableClient, bytes: Uint8Array): void {
  client.room.connection.send(bytes);
}

/** Floods until the server cuts the connection (the warning was earlier). */
async function floodUntilCut(client: TableClient): Promise<void> {
  for (let i = 0; i < RATE_LIMIT_PER_SECOND + 10; i++) client.sendRaw('undo');
  await client.waitFor(() => client.closeCode !== null, 5000, 'the disconnection').catch(() => undefined);
  expect(client.closeCode).toBe(CLOSE_RATE_LIMITED);
}

test('a flooding client is warned, then disconnected; its seat waits for its token, after a cool-down that grows', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await pause(1100); // the join's own frames count too: start the flood in a window of its own
  for (let i = 0; i < RATE_LIMIT_PER_SECOND + 10; i++) bob.sendRaw('undo');
  await bob.waitFor(() => bob.errors.some((e) => e.code === RoomError.RateLimited), 5000, 'the warning');
  await pause(300);
  // Everything up to the limit was answered; beyond it, one warning and silence.
  expect(bob.errors.filter((e) => e.code === RoomError.NoGame)).toHaveLength(RATE_LIMIT_PER_SECOND);
  expect(bob.errors.filter((e) => e.code === RoomError.RateLimited)).toHaveLength(1);
  expect(bob.closeCode).toBeNull();

  await pause(1100); // a new second: flooding again soon after the warning ends the connection
  await floodUntilCut(bob);
  await ann.waitFor((s) => s.seats[1].connected === false);
  expect(ann.state.seats[1].name).toBe('Bob');
  // The token works, but not before the cool-down is over.
  expect(await TableClient.refusal(server.url, ann.code, { seatToken: bob.seatToken })).toMatchObject({ error: RoomError.CoolingDown });
  await pause(COOLDOWN_MS + 100);
  const back = await TableClient.join(server.url, ann.code, { seatToken: bob.seatToken });
  expect(back.seat).toBe(1);

  // Cut off again: the cool-down doubles.
  await pause(1100);
  for (let i = 0; i < RATE_LIMIT_PER_SECOND + 10; i++) back.sendRaw('undo');
  await back.waitFor(() => back.errors.some((e) => e.code === RoomError.RateLimited), 5000, 'the warning');
  await pause(1100);
  await floodUntilCut(back);
  await pause(COOLDOWN_MS + 100);
  expect(await TableClient.refusal(server.url, ann.code, { seatToken: bob.seatToken })).toMatchObject({ error: RoomError.CoolingDown });
  await pause(COOLDOWN_MS);
  const again = await TableClient.join(server.url, ann.code, { seatToken: bob.seatToken });
  expect(again.seat).toBe(1);
  await ann.leave();
  await again.leave();
});

test('a flood is cut at once: the seat is left before the socket has finished closing', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await pause(1100);
  // Far past the limit in one second: no warning first.
  for (let i = 0; i < RATE_LIMIT_PER_SECOND * FLOOD_FACTOR + 10; i++) bob.sendRaw('undo');
  await ann.waitFor((s) => s.seats[1].connected === false, 5000, 'Bob away');
  // The server stopped reading Bob's socket; it drops it only after the close frame's grace.
  expect(bob.closeCode).toBeNull();
  expect(bob.errors.filter((e) => e.code === RoomError.RateLimited)).toHaveLength(1);
  expect(await TableClient.refusal(server.url, ann.code, { seatToken: bob.seatToken })).toMatchObject({ error: RoomError.CoolingDown });
  await bob.waitFor(() => bob.closeCode !== null, CUT_OFF_GRACE_MS + 5000, 'the disconnection');
  expect(bob.closeCode).toBe(CLOSE_RATE_LIMITED);
  await ann.leave();
});

test('a steady player at the limit is never warned', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  for (let i = 0; i < 40; i++) {
    ann.sendRaw('undo');
    await pause(1000 / (RATE_LIMIT_PER_SECOND - 4));
  }
  await ann.sync();
  expect(ann.errors.map((e) => e.code).filter((c) => c !== RoomError.NoGame)).toEqual([]);
  expect(ann.errors).toHaveLength(40);
  await ann.leave();
});

test('oversized messages are refused; frames beyond the transport limit close the connection; the server stays up', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  const error = await ann.expectError('profile', { name: 'x'.repeat(MAX_MESSAGE_BYTES) });
  expect(error.code).toBe(RoomError.MessageTooLarge);
  expect(ann.state.seats[0].name).toBe('Ann');

  // The transport logs the refused frame; keep that out of the test output.
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  ann.sendRaw('profile', { name: 'x'.repeat(MAX_FRAME_BYTES + 10) });
  await ann.waitFor(() => ann.closeCode !== null, 5000, 'the close').catch(() => undefined);
  logged.mockRestore();
  expect(ann.closeCode).toBe(1009); // WebSocket "message too big"
  const health = await fetch(`${server.url}/health`);
  expect(health.status).toBe(200);
  const other = await TableClient.create(server.url, { name: 'Bea' });
  expect(other.seat).toBe(0);
  await other.leave();
});

test('frames that do not decode get an error, not a disconnection', async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  const frames = [
    [Protocol.ROOM_DATA, 0xc1], // a msgpack byte that is never valid
    [Protocol.ROOM_DATA, 0xa4, 0x75, 0x6e, 0x64], // a type string cut short
    [Protocol.ROOM_DATA, 0xa4, 0x75, 0x6e, 0x64, 0x6f, 0xdc, 0xff], // "undo" with a truncated payload
    [99, 1, 2, 3], // no such protocol code
    [Protocol.ROOM_DATA_BYTES, 0xa4, 0x75, 0x6e, 0x64, 0x6f, 1, 2], // "undo" as raw bytes
  ];
  for (const frame of frames) {
    const error = ann.nextError();
    sendFrame(ann, new Uint8Array(frame));
    expect([RoomError.Malformed, RoomError.UnknownMessage, RoomError.NoGame, 'move/malformed']).toContain((await error).code);
  }
  expect(ann.closeCode).toBeNull();
  await ann.leave();
});
