import { WebSocketClient } from '@colyseus/ws-transport';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { pausableSocket } from './client-socket';

test("a WebSocket client's ref is its ws socket, which pauses and terminates", async () => {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const connected = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const browser = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  const socket = await connected;
  const client = new WebSocketClient('s1', socket);
  expect(pausableSocket(client)).toBe(socket);
  const closed = new Promise((resolve) => browser.once('close', resolve));
  pausableSocket(client)!.pause();
  expect(socket.isPaused).toBe(true);
  pausableSocket(client)!.terminate();
  await closed;
  wss.close();
});
