import { Protocol } from '@colyseus/core';
import WebSocket from 'ws';
import { ROOM_NAME } from '@samurai/shared';
import { liveRooms } from '../live-rooms';
import { TableClient } from '../test-support/TableClient';
import { useTestServer } from '../test-support/boot';

jest.setTimeout(30_000);

const DEV_PAGE = 'http://localhost:5173';
const server = useTestServer({ allowedOrigins: [DEV_PAGE] });

function create(origin?: string): Promise<Response> {
  return fetch(`${server.url}/matchmake/create/${ROOM_NAME}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
    body: JSON.stringify({ name: 'Ann' }),
  });
}

/** A WebSocket to a fresh seat reservation, opened by a page of `origin`: its close code, or the HTTP status that refused it. */
async function socketFrom(code: string, origin: string): Promise<{ status: number | null; joined: boolean }> {
  const reservation = (await (
    await fetch(`${server.url}/matchmake/joinById/${code}`, { method: 'POST', body: JSON.stringify({ role: 'spectator' }) })
  ).json()) as {
    sessionId: string;
    room: { roomId: string; processId: string };
  };
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/${reservation.room.processId}/${reservation.room.roomId}?sessionId=${reservation.sessionId}`, {
    origin,
  });
  return new Promise((resolve) => {
    socket.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? null, joined: false });
      socket.terminate();
    });
    socket.once('message', (data: Buffer) => {
      resolve({ status: null, joined: data[0] === Protocol.JOIN_ROOM });
      socket.terminate();
    });
    socket.once('error', () => undefined);
  });
}

test("matchmaking answers the page's own origin and the allowed ones (CORS with credentials), and refuses any other site's", async () => {
  const before = liveRooms.size;
  const foreign = await create('https://evil.example');
  expect(foreign.status).toBe(403);
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  const preflight = await fetch(`${server.url}/matchmake/create/${ROOM_NAME}`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
  });
  expect(preflight.status).toBe(403);
  expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  expect(liveRooms.size).toBe(before);

  for (const origin of [server.url, DEV_PAGE]) {
    const allowed = await create(origin);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('vary')).toContain('Origin');
  }
  // No Origin (a script, not a page): answered, without CORS.
  expect((await create()).status).toBe(200);
  // The look-up routes refuse another site's page too.
  expect((await fetch(`${server.url}/api/rooms/ABCDEF/record`, { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
  expect((await fetch(`${server.url}/api/rooms/ABCDEF/record`, { headers: { Origin: server.url } })).status).toBe(404);
});

test("a WebSocket opened by another site's page is refused at the handshake; the page's own and the allowed ones join", async () => {
  const ann = await TableClient.create(server.url, { name: 'Ann' });
  expect(await socketFrom(ann.code, 'https://evil.example')).toEqual({ status: 403, joined: false });
  expect(await socketFrom(ann.code, 'null')).toEqual({ status: 403, joined: false });
  expect(await socketFrom(ann.code, server.url)).toEqual({ status: null, joined: true });
  expect(await socketFrom(ann.code, DEV_PAGE)).toEqual({ status: null, joined: true });
  await ann.leave();
});
