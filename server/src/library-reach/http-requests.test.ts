import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { takeBackRequests } from './http-requests';

jest.setTimeout(15_000);

function get(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(`${res.statusCode} ${body}`));
      })
      .on('error', reject);
  });
}

test("attaching a transport puts Colyseus's matchmaking handler in front of the app's; taken back, the app answers everything", async () => {
  const httpServer = http.createServer((_req, res) => res.end('app'));
  const ours = httpServer.listeners('request')[0];
  const colyseus = new Server({ transport: new WebSocketTransport({ server: httpServer, pingInterval: 0 }) });
  const listeners = httpServer.listeners('request');
  expect(listeners).toHaveLength(1);
  expect(listeners[0]).not.toBe(ours);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  try {
    // Colyseus answers its own routes itself (a preflight of the matchmaking route, say)…
    expect(await get(port, '/matchmake/')).not.toBe('200 app');
    takeBackRequests(httpServer, (_req, res) => res.end('app'));
    // …until the requests are taken back.
    expect(httpServer.listeners('request')).toHaveLength(1);
    expect(await get(port, '/matchmake/')).toBe('200 app');
    expect(await get(port, '/anything')).toBe('200 app');
  } finally {
    colyseus.transport.shutdown();
    await new Promise((resolve) => httpServer.close(resolve));
  }
});
