import { Protocol } from '@colyseus/core';
import WebSocket from 'ws';
import { CLOSE_JOIN_TIMEOUT, CLOSE_RATE_LIMITED, RATE_LIMIT_PER_SECOND } from '@samurai/shared';
import { configureLog, logLevel } from '../log';
import { messageOf } from '../test-support/log-lines';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';

jest.setTimeout(30_000);

const SOCKETS = 4;
const server = useTestServer({ rateLimitPerSecond: RATE_LIMIT_PER_SECOND, joinConfirmTimeoutMs: 300, limits: { socketsPerAddress: SOCKETS } });

/** A seat reservation for `code` and a raw socket on it, as colyseus.js would open it (but it confirms nothing by itself). */
async function rawSocket(code: string, session?: string): Promise<WebSocket> {
  const response = await fetch(`${server.url}/matchmake/joinById/${code}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ role: 'spectator' }),
  });
  const reservation = (await response.json()) as { sessionId: string; room: { roomId: string; processId: string } };
  const url = `ws://127.0.0.1:${server.port}/${reservation.room.processId}/${reservation.room.roomId}?sessionId=${session ?? reservation.sessionId}`;
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

const closeOf = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', resolve));

test('a socket that never confirms its join is closed after a few seconds', async () => {
  const host = await TableClient.create(server.url, { name: 'Ann' });
  const socket = await rawSocket(host.code);
  await host.waitFor((s) => s.spectators === 1, 5000, 'the unconfirmed spectator seated');
  expect(await closeOf(socket)).toBe(CLOSE_JOIN_TIMEOUT);
  await host.waitFor((s) => s.spectators === 0, 5000, 'the unconfirmed spectator gone');
  await host.leave();
});

test('a flood of one-byte join frames is rate limited like any message: warned, then cut off', async () => {
  const host = await TableClient.create(server.url, { name: 'Ann' });
  const socket = await rawSocket(host.code);
  socket.send(Uint8Array.of(Protocol.JOIN_ROOM)); // the real confirmation
  await host.waitFor((s) => s.spectators === 1);
  const closed = closeOf(socket);
  const frame = Uint8Array.of(Protocol.JOIN_ROOM);
  let sent = 0;
  const flood = setInterval(() => {
    for (let i = 0; i < 200 && socket.readyState === WebSocket.OPEN; i++, sent++) socket.send(frame);
  }, 50);
  const code = await closed;
  clearInterval(flood);
  expect(code).toBe(CLOSE_RATE_LIMITED);
  expect(sent).toBeLessThan(10_000); // cut off within a couple of seconds, not ignored for ever
  expect(host.closeCode).toBeNull();
  await host.leave();
});

test('one address may hold only so many sockets; a refused connection is one log line, not a stack trace', async () => {
  const host = await TableClient.create(server.url, { name: 'Ann' });
  const sockets: WebSocket[] = [];
  for (let i = 0; i < SOCKETS - 1; i++) {
    const socket = await rawSocket(host.code);
    socket.send(Uint8Array.of(Protocol.JOIN_ROOM));
    sockets.push(socket);
  }
  await host.waitFor((s) => s.spectators === SOCKETS - 1);
  const lines: string[] = [];
  const logged = jest.spyOn(console, 'log').mockImplementation((line?: unknown) => void lines.push(messageOf(line)));
  const level = logLevel();
  configureLog({ level: 'info' });
  try {
    const extra = await rawSocket(host.code);
    expect(await closeOf(extra)).toBe(Protocol.WS_CLOSE_WITH_ERROR);
    // Another refusal: a socket with no seat reservation at all.
    sockets.pop()!.close();
    await host.waitFor((s) => s.spectators === SOCKETS - 2);
    const bogus = await rawSocket(host.code, 'no-such-session');
    expect(await closeOf(bogus)).toBe(Protocol.WS_CLOSE_WITH_ERROR);
  } finally {
    configureLog({ level });
    logged.mockRestore();
  }
  expect(lines).toEqual([
    expect.stringMatching(/^refused a socket from 127\.0\.0\.1: it already holds 4$/),
    expect.stringMatching(/^refused a connection from 127\.0\.0\.1 to \w+: Error: seat reservation expired\.$/),
  ]);
  sockets.forEach((s) => s.close());
  await host.leave();
});
