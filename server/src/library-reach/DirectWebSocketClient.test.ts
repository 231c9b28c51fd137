import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { binaryFrame, DirectWebSocketClient } from './DirectWebSocketClient';

/** A ws server and one client connected to it; `server` is the server's end, wrapped as the rooms use it. */
async function connect(perMessageDeflate = false): Promise<{ server: DirectWebSocketClient; socket: WebSocket; peer: WebSocket; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate });
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  await new Promise((resolve) => wss.once('listening', resolve));
  const peer = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, { perMessageDeflate });
  peer.binaryType = 'nodebuffer';
  const socket = await accepted;
  await new Promise((resolve) => (peer.readyState === WebSocket.OPEN ? resolve(null) : peer.once('open', resolve)));
  return {
    server: new DirectWebSocketClient('session', socket),
    socket,
    peer,
    close: async () => {
      peer.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}

function received(peer: WebSocket, count: number): Promise<{ data: Buffer; binary: boolean }[]> {
  const messages: { data: Buffer; binary: boolean }[] = [];
  return new Promise((resolve) =>
    peer.on('message', (data: Buffer, binary: boolean) => {
      messages.push({ data, binary });
      if (messages.length === count) resolve(messages);
    }),
  );
}

const payload = (length: number, seed: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7 + seed) & 0xff));

test('every length of message arrives whole, binary, in order of sending (each header size: 2, 4 and 10 bytes)', async () => {
  const { server, peer, close } = await connect();
  const lengths = [0, 1, 125, 126, 1000, 65535, 65536, 70000];
  const arriving = received(peer, lengths.length);
  lengths.forEach((length, i) => server.raw(payload(length, i)));
  const messages = await arriving;
  expect(messages.map((m) => m.binary)).toEqual(lengths.map(() => true));
  expect(messages.map((m) => m.data.length)).toEqual(lengths);
  messages.forEach((m, i) => expect(m.data.equals(payload(lengths[i], i))).toBe(true));
  expect(binaryFrame(payload(3, 0)).subarray(0, 2)).toEqual(Buffer.from([0x82, 3]));
  await close();
});

test("a send is one write of the whole frame: ws's private fields it reads are where it expects them", async () => {
  // If an upgrade of ws moves _socket or _sender (or its _state, _queue, _firstFragment), raw
  // falls back to ws's send, which writes a header and a payload: two writes, and this fails.
  const { server, socket, peer, close } = await connect();
  const internal = socket as unknown as { _socket: { write(chunk: Uint8Array, ...rest: unknown[]): boolean }; _sender: Record<string, unknown> };
  expect(internal._sender).toEqual(expect.objectContaining({ _state: 0, _queue: [], _firstFragment: true }));
  const writes: Buffer[] = [];
  const write = internal._socket.write.bind(internal._socket);
  internal._socket.write = (chunk: Uint8Array, ...rest: unknown[]) => {
    writes.push(Buffer.from(chunk));
    return write(chunk, ...rest);
  };
  const arriving = received(peer, 2);
  server.raw(payload(300, 1));
  expect(writes).toEqual([binaryFrame(payload(300, 1))]);
  // A send with a callback is ws's own (its callback says when the bytes are out).
  await new Promise<void>((resolve, reject) => server.raw(payload(10, 2), undefined, (error) => (error ? reject(error) : resolve())));
  expect(writes.length).toBe(3);
  expect((await arriving).map((m) => m.data.length)).toEqual([300, 10]);
  await close();
});

test('behind a message ws holds back (a compression under way), a send waits its turn', async () => {
  const { server, socket, peer, close } = await connect({ threshold: 0 } as unknown as boolean);
  const arriving = received(peer, 3);
  socket.send(payload(5000, 3), { binary: true, compress: true });
  server.raw(payload(20, 4));
  socket.send(payload(30, 5), { binary: true, compress: false });
  expect((await arriving).map((m) => m.data.length)).toEqual([5000, 20, 30]);
  await close();
});

test('nothing is sent on a socket that is closing', async () => {
  const { server, socket, peer, close } = await connect();
  let messages = 0;
  peer.on('message', () => messages++);
  const closed = new Promise((resolve) => peer.once('close', resolve));
  socket.close(1000);
  server.raw(payload(5, 6));
  await closed;
  expect(messages).toBe(0);
  await close();
});
