import { Protocol } from '@colyseus/core';
import WebSocket from 'ws';
import { ROOM_NAME } from '@samurai/shared';
import type { RunningServer } from '../start-server';
import { bootTestServer } from '../test-support/boot';
import { NGINX, startTestNginx, TestNginx } from '../test-support/nginx';

jest.setTimeout(30_000);

if (!NGINX) console.warn('!!! The origin checks through nginx SKIPPED: no nginx (apt-get install -y nginx-light)');

let server: RunningServer;
let nginx: TestNginx;
let proxyUrl: string;

(NGINX ? describe : describe.skip)("through the compose setup's nginx", () => {
  beforeAll(async () => {
    server = await bootTestServer({ trustProxy: ['loopback'] });
    // The one process stands for both of the template's (its /a/ path is used).
    nginx = await startTestNginx(`127.0.0.1:${server.port}`, `127.0.0.1:${server.port}`);
    proxyUrl = `http://127.0.0.1:${nginx.port}`;
  });
  afterAll(async () => {
    await nginx?.stop();
    await server?.close();
  });

  test("the page's own origin, as the browser reached the proxy, may use matchmaking and the process's WebSocket path; another site's may not", async () => {
    const create = (origin: string) =>
      fetch(`${proxyUrl}/matchmake/create/${ROOM_NAME}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify({ name: 'Ann' }),
      });
    expect((await create('https://evil.example')).status).toBe(403);
    const answer = await create(proxyUrl);
    expect(answer.status).toBe(200);
    const reservation = (await answer.json()) as { sessionId: string; room: { roomId: string; processId: string } };

    const socket = (origin: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(
          `${proxyUrl.replace('http', 'ws')}/a/${reservation.room.processId}/${reservation.room.roomId}?sessionId=${reservation.sessionId}`,
          { origin },
        );
        const settle = (outcome: string) => {
          clearTimeout(timer);
          ws.terminate();
          resolve(outcome);
        };
        const timer = setTimeout(() => settle('no answer'), 5000);
        ws.once('unexpected-response', (_req, res) => settle(`refused ${res.statusCode}`));
        ws.once('message', (data: Buffer) => settle(data[0] === Protocol.JOIN_ROOM ? 'joined' : `message ${data[0]}`));
        ws.once('error', (error) => settle(`error ${error.message}`));
      });
    expect(await socket('https://evil.example')).toBe('refused 403');
    expect(await socket(proxyUrl)).toBe('joined');
  });
});
