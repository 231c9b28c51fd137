import { Packr } from '@colyseus/msgpackr';
import { matchMaker } from '@colyseus/core';
import fc from 'fast-check';
import { MAX_FRAME_BYTES, MAX_MESSAGE_BYTES, mangoku, RoomError, seededRng, SPECTATOR_MESSAGE_TYPES } from '@samurai/shared';
import { MangokuClient } from './test-support/MangokuClient';
import { useTestServer } from '../../test-support/boot';

jest.setTimeout(180_000);

const { CARD_NAMES, CLIENT_MESSAGES, checkMove, intentToMove, isGameIntent, legalMoves, MoveError, randomBot } = mangoku;
// A concession hands the seat to a bot and closes its connection: the fuzz keeps its players.
const CLIENT_MESSAGE_TYPES = mangoku.CLIENT_MESSAGE_TYPES.filter((type) => type !== 'concede');
const server = useTestServer();

const MESSAGES = 3000;

// ---- what to send --------------------------------------------------------------------------

const card = fc.oneof(fc.constantFrom(...CARD_NAMES), fc.constantFrom('dragon', 'MONK', '', 3));
const target = fc.oneof(fc.integer({ min: -1, max: 7 }), fc.constantFrom('centre', 'pile'));
const play = fc.record(
  { card, ikki: fc.constantFrom(undefined, true, false), targets: fc.option(fc.array(target, { maxLength: 3 }), { nil: undefined }) },
  { requiredKeys: ['card'] },
);
const answer = fc.record({ answer: fc.oneof(fc.constantFrom(...mangoku.ANSWERS), fc.constantFrom('maybe', '', 1)) });
type Outgoing = { kind: 'message'; type: string | number; payload: unknown } | { kind: 'frame'; bytes: Uint8Array } | { kind: 'legal' };
const message = (type: fc.Arbitrary<string | number>, payload: fc.Arbitrary<unknown>) => fc.record({ kind: fc.constant('message' as const), type, payload });
const outgoing: fc.Arbitrary<Outgoing> = fc.oneof(
  // Well-formed game intents, mostly out of turn or against the rules.
  { weight: 6, arbitrary: message(fc.constant('play'), play) },
  { weight: 4, arbitrary: message(fc.constant('answer'), answer) },
  { weight: 2, arbitrary: message(fc.constant('take'), fc.record({ card })) },
  // Anything at all under a real or made-up type.
  {
    weight: 4,
    arbitrary: message(
      fc.oneof(fc.constantFrom(...CLIENT_MESSAGE_TYPES), fc.string({ maxLength: 12 }), fc.integer({ min: -5, max: 300 })),
      fc.anything({ maxDepth: 2, maxKeys: 6 }),
    ),
  },
  // Oversized.
  { weight: 1, arbitrary: message(fc.constantFrom(...CLIENT_MESSAGE_TYPES), fc.string({ minLength: MAX_MESSAGE_BYTES, maxLength: 3000 })) },
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
  { weight: 6, arbitrary: fc.constant({ kind: 'legal' as const }) },
);

// ---- what must come back --------------------------------------------------------------------

const packr = new Packr();

/** The size of the frame colyseus.js sends for a message (type names here are under 32 bytes). */
function frameSize(type: string | number, payload: unknown): number {
  const typeBytes = typeof type === 'string' ? 1 + Buffer.byteLength(type) : 9;
  return 1 + typeBytes + (payload === undefined ? 0 : packr.pack(payload).byteLength);
}

/** The server's answer a correct room gives: a specific code, any error, or acceptance. */
function expected(client: MangokuClient, type: string | number, payload: unknown): string {
  const encoded = payload === undefined ? null : packr.pack(payload);
  if (frameSize(type, payload) > MAX_MESSAGE_BYTES) return RoomError.MessageTooLarge;
  if (typeof type !== 'string' || !Object.hasOwn(CLIENT_MESSAGES, type)) return RoomError.UnknownMessage;
  const seat = client.seat;
  // Chat is open to spectators too (its rules: chat.test.ts): said unless malformed, muted or closed to spectators.
  if ((SPECTATOR_MESSAGE_TYPES as readonly string[]).includes(type)) {
    if (!CLIENT_MESSAGES[type as mangoku.ClientMessageType].safeParse(encoded === null ? undefined : packr.unpack(encoded)).success) return RoomError.Malformed;
    if (seat === 'spectator') return client.state.options.spectatorChat ? 'accepted' : RoomError.ChatClosed;
    return client.state.seats[seat].muted ? RoomError.Muted : 'accepted';
  }
  if (seat === 'spectator') return RoomError.Spectator;
  const parsed = CLIENT_MESSAGES[type as mangoku.ClientMessageType].safeParse(encoded === null ? undefined : packr.unpack(encoded));
  if (!isGameIntent(type)) {
    const state = client.state;
    const rematch = type === 'rematch' && parsed.success && state.phase === 'over' && state.host === client.welcome!.memberId;
    return rematch ? 'accepted' : 'some error';
  }
  if (!parsed.success) return MoveError.Malformed;
  const failure = checkMove(client.view, intentToMove(type, parsed.data, seat));
  return failure ? failure.error : 'accepted';
}

/** Between campaigns the server deals on its own a moment later: wait for that before judging. */
async function settle(clients: MangokuClient[]): Promise<void> {
  for (const c of clients) await c.sync();
  const [first] = clients;
  if (first.state.phase === 'play' && first.view.step.kind === 'deal') {
    await first.waitFor((s) => !s.step.includes('"deal"'), 5000, 'the deal');
    for (const c of clients) await c.sync();
  }
}

/** The seat's client that may act now, and a legal move of its, from its own view. */
function someoneToAct(players: MangokuClient[], rng: ReturnType<typeof seededRng>): { client: MangokuClient; move: mangoku.Move } | null {
  for (const client of players) {
    const seat = client.seat as number;
    if (legalMoves(client.view, seat).length > 0) return { client, move: randomBot.chooseMove(client.view, seat, rng) };
  }
  return null;
}

test(`${MESSAGES} random, malformed, out-of-turn and oversized messages to a Mangoku room: the server answers each as the engine predicts, stays up, stays right`, async () => {
  const ann = await MangokuClient.create(server.url, { name: 'Ann', options: { players: 3, promptSeconds: 60 } });
  const bob = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  const cat = await MangokuClient.join(server.url, ann.code, { role: 'player', name: 'Cat' });
  const eve = await MangokuClient.join(server.url, ann.code, { role: 'spectator' });
  const players = [ann, bob, cat];
  const everyone = [...players, eve];
  await ann.must('start');

  const rng = seededRng(20261);
  const plan = fc.sample(fc.tuple(outgoing, fc.nat(everyone.length - 1)), { numRuns: MESSAGES, seed: 515151 });
  const counts = { legal: 0, refused: 0, skipped: 0, acceptedAnyway: 0, games: 1 };
  for (const [item, who] of plan) {
    await settle(everyone);
    if (item.kind === 'legal') {
      if (ann.state.phase === 'over') {
        await ann.rematch([bob, cat]);
        counts.games++;
      } else {
        const actor = someoneToAct(players, rng)!;
        const { type, payload } = mangoku.moveToIntent(actor.move);
        await actor.client.must(type, payload);
      }
      counts.legal++;
      continue;
    }
    const client = everyone[who];
    if (item.kind === 'frame') {
      const error = client.nextError();
      client.room.connection.send(item.bytes);
      await error;
      counts.refused++;
      continue;
    }
    if (frameSize(item.type, item.payload) > MAX_FRAME_BYTES) {
      counts.skipped++; // the transport would close the connection (tested in limits.test.ts)
      continue;
    }
    const want = expected(client, item.type, item.payload);
    const answer = await client.request(item.type, item.payload);
    const context = `${String(item.type)} ${JSON.stringify(item.payload)?.slice(0, 200)} from ${client.seat}`;
    if (want === 'accepted') {
      expect({ context, answer }).toEqual({ context, answer: null });
      counts.acceptedAnyway++;
      // A rematch the noise made: the others play again and the game starts, as people would.
      if (item.type === 'rematch') await ann.startAgain([bob, cat]);
    } else {
      expect({ context, refused: answer !== null }).toEqual({ context, refused: true });
      if (want !== 'some error') expect({ context, code: answer!.code }).toEqual({ context, code: want });
      counts.refused++;
    }
  }
  // Whole games were played among the noise, and rematches started.
  expect(counts.games).toBeGreaterThan(2);
  expect(counts.skipped).toBeLessThan(MESSAGES / 100);
  expect(counts.legal + counts.refused + counts.acceptedAnyway + counts.skipped).toBe(MESSAGES);
  expect(counts.refused).toBeGreaterThan(MESSAGES / 2);
  for (const c of everyone) expect(c.closeCode).toBeNull();

  // The state stayed right: every client's picture is the engine's own view of the room's game,
  // and the game, played out, makes a record the engine verifies.
  await settle(everyone);
  const game = (matchMaker.getLocalRoomById(ann.code) as unknown as { session: { current: mangoku.MangokuTable } }).session.current.game;
  for (const c of everyone) expect(c.view).toStrictEqual(mangoku.viewFor(game, c.seat));
  players.forEach((p) => p.autoPlay());
  await ann.waitFor((s) => s.phase === 'over', 60_000, 'the end');
  const record = await (await fetch(`${server.url}/api/rooms/${ann.code}/record`)).json();
  expect(mangoku.verifyRecord(record)).toMatchObject({ ok: true });
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
  for (const c of everyone) await c.leave();
});
