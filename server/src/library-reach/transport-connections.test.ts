import http from 'node:http';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { WebSocketServer } from 'ws';
import { takeOverConnections } from './transport-connections';

test("the ws transport's server is its `wss`, with the library's connection and error listeners; taken over, only ours", () => {
  const transport = new WebSocketTransport({ server: http.createServer(), pingInterval: 0 });
  const wss = (transport as unknown as { wss: WebSocketServer }).wss;
  expect(wss.listeners('connection')).toHaveLength(1);
  expect(wss.listeners('error')).toHaveLength(1);
  const onConnection = jest.fn();
  const onError = jest.fn();
  takeOverConnections(wss, onConnection, onError);
  expect(wss.listeners('connection')).toEqual([onConnection]);
  expect(wss.listeners('error')).toEqual([onError]);
  wss.close();
});
