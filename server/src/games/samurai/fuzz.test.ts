import { Packr } from '@colyseus/msgpackr';
import { matchMaker } from '@colyseus/core';
import fc from 'fast-check';
import {
  checkMove,
  CLIENT_MESSAGES,
  CLIENT_MESSAGE_TYPES as ALL_MESSAGE_TYPES,
  ClientMessageType,
  ErrorCode,
  GameState,
  HEXES,
  intentToMove,
  isGameIntent,
  legalMoves,
  MAX_FRAME_BYTES,
  MAX_MESSAGE_BYTES,
  MoveError,
  moveToIntent,
  PIECES,
  randomBot,
  RoomError,
  seededRng,
  SPECTATOR_MESSAGE_TYPES,
  TILE_NAMES,
  tableFromRoomState,
  verifyRecord,
  viewFor,
  GameRecord,
} from '@samurai/shared';
import { SamuraiClient } from './test-support/SamuraiClient';
import { useTestServer } from '../../test-support/boot';

// A concession hands the seat to a bot and closes its connection: the fuzz keeps its players.
const CLIENT_MESSAGE_TYPES = ALL_MESSAGE_TYPES.filter((type) => type !== 'concede');

jest.setTimeout(120_000);

const server = useTestServer();

const MESSAGES = 3000;

// ---- what to send --------------------------------------------------------------------------

const hex = fc.oneof(fc.constantFrom(...HEXES.map((h) => h.name)), fc.constantFrom('99,99', '0,0', '', '14,13 '), fc.string({ maxLength: 8 }));
const tile = fc.oneof(fc.constantFrom(...TILE_NAMES), fc.constantFrom('dragon', 'SWITCH', ''));
const piece = fc.oneof(fc.constantFrom(...PIECES), fc.constant('tea'));
const pieceAt = fc.record({ hex, piece });
const play = fc.oneof(
  fc.record({ tile, hex }),
  fc.record({ tile: fc.constant('switch'), swap: fc.tuple(pieceAt, pieceAt) }),
  fc.record({ tile: fc.constant('move'), from: hex, to: hex }),
  fc.anything(),
);
type Outgoing = { kind: 'message'; type: string | number; payload: unknown } | { kind: 'frame'; bytes: Uint8Array } | { kind: 'legal' };
const outgoing: fc.Arbitrary<Outgoing> = fc.oneof(
  // Well-formed game intents, mostly out of turn or against the rules.
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('message' as const), type: fc.constant('play'), payload: fc.record({ play }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('message' as const), type: fc.constant('placePiece'), payload: fc.record({ hex, piece }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('message' as const),
      type: fc.constant('chooseHand'),
      payload: fc.record({ tiles: fc.array(tile, { maxLength: 7 }) }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('message' as const),
      type: fc.constantFrom('undo', 'endTurn', 'pass'),
      payload: fc.constantFrom(undefined, {}, { seat: 0 }),
    }),
  },
  // Anything at all under a real or made-up type.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('message' as const),
      type: fc.oneof(fc.constantFrom(...CLIENT_MESSAGE_TYPES), fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 300 })),
      payload: fc.anything({ maxDepth: 2, maxKeys: 6 }),
    }),
  },
  // Oversized.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('message' as const),
      type: fc.constantFrom(...CLIENT_MESSAGE_TYPES),
      payload: fc.string({ minLength: MAX_MESSAGE_BYTES, maxLength: 3000 }),
    }),
  },
  // Raw frames: garbage after a room-message code, or no valid code (never the join/leave controls).
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('frame' as const),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 60 }).filter((b) => b[0] !== 10 && b[0] !== 12),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('frame' as const), bytes: fc.uint8Array({ maxLength: 60 }).map((b) => Uint8Array.from([13, ...b])) }) },
  // Now and then a legal move, so the games go on (and end, and start again).
  { weight: 5, arbitrary: fc.constant({ kind: 'legal' as const }) },
);

// ---- what must come back --------------------------------------------------------------------

const packr = new Packr();

/** The size of the frame colyseus.js sends for a message (type names here are under 32 bytes). */
function frameSize(type: string | number, payload: unknown): number {
  const typeBytes = typeof type === 'string' ? 1 + Buffer.byteLength(type) : 9;
  return 1 + typeBytes + (payload === undefined ? 0 : packr.pack(payload).byteLength);
}

/** The server's answer a correct room gives: a specific code, any error, or acceptance. */
function expected(client: SamuraiClient, type: string | number, payload: unknown): ErrorCode | 'some error' | 'accepted' {
  const encoded = payload === undefined ? null : packr.pack(payload);
  if (frameSize(type, payload) > MAX_MESSAGE_BYTES) return RoomError.MessageTooLarge;
  if (typeof type !== 'string' || !Object.hasOwn(CLIENT_MESSAGES, type)) return RoomError.UnknownMessage;
  const seat = client.seat;
  // Chat is open to spectators too (its rules: chat.test.ts): said unless malformed, muted or closed to spectators.
  if ((SPECTATOR_MESSAGE_TYPES as readonly string[]).includes(type)) {
    if (!CLIENT_MESSAGES[type as ClientMessageType].safeParse(encoded === null ? undefined : packr.unpack(encoded)).success) return RoomError.Malformed;
    if (seat === 'spectator') return client.state.options.spectatorChat ? 'accepted' : RoomError.ChatClosed;
    return client.state.seats[seat].muted ? RoomError.Muted : 'accepted';
  }
  if (seat === 'spectator') return RoomError.Spectator;
  const parsed = CLIENT_MESSAGES[type as ClientMessageType].safeParse(encoded === null ? undefined : packr.unpack(encoded));
  if (!isGameIntent(type)) {
    const state = client.state;
    const rematch = type === 'rematch' && parsed.success && state.phase === 'over' && state.host === client.welcome!.memberId;
    return rematch ? 'accepted' : 'some error';
  }
  if (!parsed.success) return MoveError.Malformed;
  const failure = checkMove(tableFromRoomState(client.state, seat), intentToMove(type, parsed.data, seat));
  return failure ? failure.error : 'accepted';
}

/** The server moves a seat that can only pass; wait for that before judging the next message. */
async function settle(clients: SamuraiClient[]): Promise<void> {
  const [first] = clients;
  for (;;) {
    await first.sync();
    const state = first.state;
    if (state.phase !== 'play') return;
    const table = tableFromRoomState(state, 'spectator');
    const actor = clients.find((c) => c.seat === state.seat)!;
    await actor.sync();
    const moves = legalMoves(tableFromRoomState(actor.state, state.seat), state.seat);
    if (table.turnPlays.length > 0 || !(moves.length === 1 && moves[0].type === 'pass')) return;
    await first.waitFor((s) => s.seat !== state.seat || s.phase !== 'play', 5000, 'the forced pass');
  }
}

test(`${MESSAGES} random, malformed, out-of-turn and oversized messages: the server answers each, stays up, stays right`, async () => {
  const ann = await SamuraiClient.create(server.url, { name: 'Ann', options: { players: 3, setup: 'players', captureTiming: 'immediate' } });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  const cat = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Cat' });
  const eve = await SamuraiClient.join(server.url, ann.code, { role: 'spectator' });
  const players = [ann, bob, cat];
  const everyone = [...players, eve];
  await ann.must('start');

  const rng = seededRng(20260);
  const plan = fc.sample(fc.tuple(outgoing, fc.nat(everyone.length - 1)), { numRuns: MESSAGES, seed: 424242 });
  let legalSent = 0;
  let refusedCount = 0;
  let skipped = 0;
  let acceptedAnyway = 0; // random messages that happened to be legal
  for (const [item, who] of plan) {
    await settle(players);
    if (item.kind === 'legal') {
      await ann.sync();
      const state = ann.state;
      if (state.phase === 'over') {
        await ann.rematch([bob, cat]);
      } else {
        const seats = state.phase === 'hands' ? players.filter((p) => !state.seats[p.seat as number].handChosen) : players.filter((p) => p.seat === state.seat);
        const actor = seats[0];
        await actor.sync();
        const seat = actor.seat as number;
        const move = randomBot.chooseMove(tableFromRoomState(actor.state, seat), seat, rng);
        const { type, payload } = moveToIntent(move);
        await actor.must(type, payload);
      }
      legalSent++;
      continue;
    }
    const client = everyone[who];
    if (item.kind === 'frame') {
      await client.sync();
      const error = client.nextError();
      client.room.connection.send(item.bytes);
      await error;
      refusedCount++;
      continue;
    }
    if (frameSize(item.type, item.payload) > MAX_FRAME_BYTES) {
      skipped++; // the transport would close the connection (tested in limits.test.ts)
      continue;
    }
    await client.sync();
    const want = expected(client, item.type, item.payload);
    const answer = await client.request(item.type, item.payload);
    const context = `${String(item.type)} ${JSON.stringify(item.payload)?.slice(0, 200)} from ${client.seat}`;
    if (want === 'accepted') {
      expect({ context, answer }).toEqual({ context, answer: null });
      acceptedAnyway++;
      // A rematch the noise made: the others play again and the game starts, as people would.
      if (item.type === 'rematch') await ann.startAgain([bob, cat]);
    } else {
      expect({ context, refused: answer !== null }).toEqual({ context, refused: true });
      if (want !== 'some error') expect({ context, code: answer!.code }).toEqual({ context, code: want });
      refusedCount++;
    }
  }
  expect(skipped).toBeLessThan(MESSAGES / 100);
  expect(legalSent + refusedCount + acceptedAnyway + skipped).toBe(MESSAGES);
  expect(refusedCount).toBeGreaterThan(MESSAGES / 2);
  for (const c of everyone) expect(c.closeCode).toBeNull();

  // The state stayed legal: every client's picture agrees with the engine's, and the game,
  // played out, makes a record the engine verifies move by move.
  await settle(players);
  // The room's engine state, read where it lives (the game session of the table's room).
  const room = (matchMaker.getLocalRoomById(ann.code) as unknown as { session: { current: { game: GameState } } }).session.current;
  for (const c of players) {
    await c.sync();
    const seat = c.seat as number;
    const mine = tableFromRoomState(c.state, seat);
    const truth = viewFor(room.game, seat);
    for (const key of ['phase', 'seat', 'hexOwner', 'hexTile', 'pieces', 'supply', 'aside', 'handChosen', 'hands', 'turnPlays', 'passes'] as const) {
      expect({ key, value: mine[key] }).toEqual({ key, value: truth[key] });
    }
  }
  players.forEach((p) => p.autoPlay());
  await ann.waitFor((s) => s.phase === 'over', 30_000, 'the end');
  const record = (await (await fetch(`${server.url}/api/rooms/${ann.code}/record`)).json()) as GameRecord;
  expect(verifyRecord(record).ok).toBe(true);
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
  for (const c of everyone) await c.leave();
});
