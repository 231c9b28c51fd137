import WebSocket from 'ws';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';

jest.setTimeout(30_000);

const server = useTestServer({ pingIntervalMs: 200 });

/** Joins the way colyseus.js does, but over a socket that never answers a ping. */
async function joinWithoutPongs(code: string): Promise<WebSocket> {
  const response = await fetch(`${server.url}/matchmake/joinById/${code}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ role: 'spectator' }),
  });
  const reservation = (await response.json()) as { sessionId: string; room: { roomId: string; processId: string } };
  const url = `ws://127.0.0.1:${server.port}/${reservation.room.processId}/${reservation.room.roomId}?sessionId=${reservation.sessionId}`;
  const socket = new WebSocket(url, { autoPong: false });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

test('heartbeats drop a connection that stops answering and keep the ones that answer', async () => {
  const host = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const silent = await joinWithoutPongs(host.code);
  await host.waitFor((s) => s.spectators === 1, 5000, 'the silent spectator');
  const closed = new Promise<number>((resolve) => silent.once('close', resolve));
  await host.waitFor((s) => s.spectators === 0, 5000, 'the silent spectator dropped');
  expect(await closed).toBe(1006); // terminated, no closing handshake
  expect(host.closeCode).toBeNull();
  await host.leave();
});
