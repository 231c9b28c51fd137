import type net from 'node:net';
import { defaultServerLimits } from '../limits/server-limits';
import type { RunningServer } from '../start-server';
import { TableClient } from '../test-support/TableClient';
import { bootTestServer } from '../test-support/boot';
import { connectFrom, pipeline, rawGet } from '../test-support/raw-http';

jest.setTimeout(60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(condition: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

/** A connection that never sends a byte, and whether the server has closed or reset it. */
async function silentConnection(url: string, localAddress: string): Promise<{ socket: net.Socket; closed: () => boolean }> {
  let closed = false;
  const socket = await connectFrom(url, localAddress);
  socket.on('error', () => undefined); // a reset: 'close' follows
  socket.once('close', () => (closed = true));
  socket.resume();
  return { socket, closed: () => closed };
}

const openConnections = (server: RunningServer, address: string) => Object.fromEntries(server.gate.connections.entries())[address] ?? 0;

test('one address holds at most its share of plain connections, the rest are reset at once; silent ones are closed within seconds; others are served meanwhile', async () => {
  const limit = defaultServerLimits().connectionsPerAddress;
  const server = await bootTestServer({ limits: { connectionsPerAddress: limit } });
  try {
    const flood = await Promise.all(Array.from({ length: limit + 150 }, () => silentConnection(server.url, '127.0.0.3')));
    await waitUntil(() => flood.filter((c) => c.closed()).length >= 150, 'the connections over the share to be reset', 10_000);
    expect(openConnections(server, '127.0.0.3')).toBe(limit);
    expect(flood.filter((c) => !c.closed())).toHaveLength(limit);
    // Other addresses are served as before: HTTP, and a game's WebSockets.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const ann = await TableClient.create(server.url, { name: 'Ann' });
    // The silent ones are closed by the server (the headers timeout), never by this side.
    await waitUntil(() => flood.every((c) => c.closed()), 'the silent connections to be closed', 15_000);
    await waitUntil(() => openConnections(server, '127.0.0.3') === 0, 'the count to go back to 0', 5000);
    const [again] = await pipeline(server.url, '127.0.0.3', [rawGet('/health')]);
    expect(again.status).toBe(200);
    await ann.leave();
  } finally {
    await server.close();
  }
});

test('a kept-alive connection that sends nothing more is closed within seconds', async () => {
  const server = await bootTestServer();
  try {
    const socket = await connectFrom(server.url, '127.0.0.4');
    let closed = false;
    socket.once('close', () => (closed = true));
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(rawGet('/health'));
    await waitUntil(() => answer.startsWith('HTTP/1.1 200'), 'the answer', 5000);
    await waitUntil(() => closed, 'the idle connection to be closed', 15_000);
    expect(openConnections(server, '127.0.0.4')).toBe(0);
  } finally {
    await server.close();
  }
});

test("a player's WebSockets do not use up the address's plain connections", async () => {
  const server = await bootTestServer({ limits: { connectionsPerAddress: 3 } });
  try {
    // Every client here comes from 127.0.0.1: five WebSockets open at once.
    const ann = await TableClient.create(server.url, { name: 'Ann' });
    const watchers = [];
    for (let i = 0; i < 4; i++) watchers.push(await TableClient.join(server.url, ann.code, { role: 'spectator' }));
    expect(Object.fromEntries(server.gate.sockets.entries())['127.0.0.1']).toBe(5);
    expect(openConnections(server, '127.0.0.1')).toBeLessThanOrEqual(3);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    for (const client of [ann, ...watchers]) await client.leave();
  } finally {
    await server.close();
  }
});
