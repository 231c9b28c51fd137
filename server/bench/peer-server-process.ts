/**
 * The peers bench:peers compares this server with (forked by peers-bench.ts, compiled like the
 * bench server, with production's Node options; argv[2] says which):
 *  - `colyseus`: a bare Colyseus 0.16 room, as its documentation starts one: a schema state, each
 *    message changes it and its patch goes to the room's clients at once (broadcastPatch). No rules,
 *    no storage, no per-seat views, Colyseus's own WebSocket transport;
 *  - `ws`: the floor, raw `ws`: each frame in sends one 20-byte frame to each socket of its room
 *    (the room is the connection's path), and nothing else.
 * Says `{ port }` over IPC once it listens; exits when asked (`{ cmd: 'exit' }`) or when the
 * benchmark goes.
 */
import http from 'node:http';
import { Client, matchMaker, Room, Server } from '@colyseus/core';
import { Schema, type } from '@colyseus/schema';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { WebSocket, WebSocketServer } from 'ws';

/** What a bare room keeps: the last message, who sent it, and how many came. */
class BareState extends Schema {
  @type('uint32') moves = 0;
  @type('uint8') seat = 0;
  @type('string') last = '';
}

/** What each client sends: a seat and a move as text, about as long as this server's move messages. */
interface BareMove {
  readonly s: number;
  readonly m: string;
}

class BareRoom extends Room<BareState> {
  override maxClients = 4;

  override onCreate(): void {
    this.state = new BareState();
    // Each change is sent at once, not on a timer (as this server does).
    this.patchRate = 0;
    this.onMessage('move', (_client: Client, move: BareMove) => {
      this.state.moves++;
      this.state.seat = move.s;
      this.state.last = move.m;
      this.broadcastPatch();
    });
  }
}

async function startColyseus(): Promise<number> {
  const server = http.createServer();
  const gameServer = new Server({ transport: new WebSocketTransport({ server }), greet: false, gracefullyShutdown: false });
  gameServer.define('bare', BareRoom);
  matchMaker.setHealthChecksEnabled(false);
  await gameServer.listen(0, '127.0.0.1');
  return (server.address() as { port: number }).port;
}

/** The answer each frame in brings each socket of its room. */
const ANSWER = Buffer.alloc(20, 7);

async function startWs(): Promise<number> {
  const rooms = new Map<string, Set<WebSocket>>();
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  wss.on('connection', (socket, request) => {
    const key = request.url ?? '/';
    let room = rooms.get(key);
    if (!room) rooms.set(key, (room = new Set()));
    const members = room;
    members.add(socket);
    socket.on('message', () => {
      for (const member of members) member.send(ANSWER);
    });
    socket.on('close', () => members.delete(socket));
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  return (wss.address() as { port: number }).port;
}

async function main(): Promise<void> {
  const peer = process.argv[2];
  if (peer !== 'colyseus' && peer !== 'ws') throw new Error(`peer-server-process: which peer? (colyseus or ws), not ${String(peer)}`);
  const port = peer === 'colyseus' ? await startColyseus() : await startWs();
  process.on('message', (message: { cmd?: string }) => {
    if (message.cmd === 'exit') process.exit(0);
  });
  process.on('disconnect', () => process.exit(1));
  process.send!({ port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
