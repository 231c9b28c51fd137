import { Client } from 'colyseus.js';
import {
  applyMoveInPlace,
  boardFor,
  cloneState,
  EDO,
  ErrorCode,
  GameState,
  HEXES,
  JOIN_REFUSED,
  legalMoves,
  legalPlacements,
  Move,
  MOVE_ERRORS,
  MoveError,
  moveToIntent,
  parseJoinError,
  PIECES,
  randomBot,
  ROOM_ERRORS,
  RoomError,
  seededRng,
  SETTLEMENTS,
  Table,
  tableFromRoomState,
} from '@samurai/shared';
import { SamuraiClient } from './test-support/SamuraiClient';
import { useTestServer } from '../../test-support/boot';

jest.setTimeout(60_000);

const server = useTestServer();

/** Every code a client provoked in this file. */
const seen = new Set<ErrorCode>();

/** Sends a request that must be refused with `code`, and must change nothing. */
async function refused(client: SamuraiClient, code: ErrorCode, type: string | number, payload?: unknown): Promise<void> {
  await client.sync();
  const before = JSON.stringify((client.state as unknown as { toJSON(): unknown }).toJSON());
  const error = await client.request(type, payload);
  expect(error).toMatchObject({ code });
  expect(error!.message.length).toBeGreaterThan(0);
  expect(error!.detail.length).toBeGreaterThan(0);
  expect(JSON.stringify((client.state as unknown as { toJSON(): unknown }).toJSON())).toBe(before);
  seen.add(code);
}

async function refusedJoin(code: ErrorCode, room: string, options: object): Promise<void> {
  const error = await new Client(server.url).joinById(room, options).then(
    () => null,
    (e: Error & { code: number }) => e,
  );
  expect(error).toMatchObject({ code: JOIN_REFUSED });
  expect(parseJoinError(error!.message)?.code).toBe(code);
  seen.add(code);
}

const board2 = boardFor(2);
const hex = (index: number) => HEXES[index].name;
const cityA = hex(SETTLEMENTS[board2.cities[0]].hex);
const cityB = hex(SETTLEMENTS[board2.cities[1]].hex);
const villages = board2.villages.map((v) => hex(SETTLEMENTS[v].hex));
const land = board2.landHexes.map(hex);
const sea = board2.seaHexes.map(hex);
const offBoard = HEXES.find((h) => h.minPlayers > 2 && h.settlement >= 0)!.name;

/** The full state the server would hold, rebuilt from a view for simulating a play (no stacks needed). */
function asState(table: Table): GameState {
  return {
    ...table,
    hands: table.hands.map((h) => h ?? []),
    captured: table.captured.map((c) => c ?? [0, 0, 0]),
    stacks: table.hands.map(() => []),
    startHands: [],
    startStacks: [],
    pendingPieces: null,
  } as GameState;
}

test('lobby refusals', async () => {
  const ann = await SamuraiClient.create(server.url, { name: 'Ann', colour: 'sky', options: { players: 3 } });
  await refused(ann, RoomError.NoGame, 'undo');
  await refused(ann, RoomError.SeatsOpen, 'start');
  await refused(ann, RoomError.BadSeat, 'removeSeat', { seat: 1 });
  await refused(ann, RoomError.BadSeat, 'removeSeat', { seat: 0 });
  await refused(ann, RoomError.UnknownMessage, 'dance', { with: 'wolves' });
  await refused(ann, RoomError.UnknownMessage, 7);
  await refused(ann, RoomError.Malformed, 'setOptions', { players: 7 });
  await refused(ann, RoomError.Malformed, 'addBot', { level: 'genius' });
  await refused(ann, RoomError.Malformed, 'profile', { name: '   ' });
  await refused(ann, MoveError.Malformed, 'chooseHand', { tiles: ['dragon'] });
  await refused(ann, RoomError.MessageTooLarge, 'profile', { name: 'x'.repeat(2000) });

  await refusedJoin(RoomError.NameTaken, ann.code, { role: 'player', name: ' ANN ' });
  await refusedJoin(RoomError.ColourTaken, ann.code, { role: 'player', name: 'Bob', colour: 'sky' });
  await refusedJoin(RoomError.Malformed, ann.code, { role: 'player', name: 'Bob', colour: 'pink' });
  await refusedJoin(RoomError.SeatToken, ann.code, { seatToken: 'x'.repeat(32) });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await refused(bob, RoomError.NotHost, 'addBot');
  await refused(bob, RoomError.NameTaken, 'profile', { name: 'ann' });
  await refused(bob, RoomError.ColourTaken, 'profile', { colour: 'sky' });
  await bob.must('profile', { name: 'Robert', colour: 'green' });
  await ann.waitFor((s) => s.seats[1].name === 'Robert' && s.seats[1].colour === 'green');
  await ann.must('addBot', { level: 'random' });
  await refusedJoin(RoomError.Full, ann.code, { role: 'player', name: 'Cat' });
  await refused(ann, RoomError.Full, 'addBot');
  await refused(ann, RoomError.SeatsTaken, 'setOptions', { players: 2 });
  await ann.must('removeSeat', { seat: 2 });
  await ann.must('setOptions', { players: 2, captureTiming: 'immediate' });
  expect(ann.state.options).toMatchObject({ players: 2, captureTiming: 'immediate' });
  await refused(ann, RoomError.NotOver, 'rematch');
  await refused(ann, RoomError.NoGame, 'standIn', { seat: 1 });
  await ann.must('start');
  await refused(ann, RoomError.GameStarted, 'addBot');
  await refused(ann, RoomError.GameStarted, 'setOptions', { seatOrder: 'random' });
  await refused(bob, RoomError.GameStarted, 'profile', { name: 'Bobby' });
  await refusedJoin(RoomError.GameStarted, ann.code, { role: 'player', name: 'Cat' });
  await refused(ann, RoomError.NotOver, 'rematch');
  await refused(bob, RoomError.NoRematch, 'playAgain');
  await refused(ann, RoomError.NotReplaceable, 'seatToBot', { seat: 1 }); // Robert has not timed out
  await refused(ann, RoomError.NotAway, 'standIn', { seat: 1 }); // Robert is here
  await refused(ann, RoomError.BadSeat, 'standIn', { seat: 2 });
  await refused(ann, RoomError.Malformed, 'standIn', { seat: 4 });
  const eve = await SamuraiClient.join(server.url, ann.code, { role: 'spectator' });
  await refused(eve, RoomError.Spectator, 'undo');
  for (const c of [ann, bob, eve]) await c.leave();
});

test('every engine refusal of a whole game, through the room', async () => {
  const ann = await SamuraiClient.create(server.url, { name: 'Ann', options: { players: 2 } });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  await ann.must('start');

  // Starting hands.
  await refused(ann, MoveError.WrongPhase, 'placePiece', { hex: cityA, piece: 'buddha' });
  await refused(ann, MoveError.WrongPhase, 'undo');
  await refused(ann, MoveError.WrongPhase, 'pass');
  await refused(bob, MoveError.WrongPhase, 'endTurn');
  await refused(ann, MoveError.HandWrongSize, 'chooseHand', { tiles: ['switch', 'move', 'ronin1', 'ship1'] });
  await refused(ann, MoveError.HandNotOwned, 'chooseHand', { tiles: ['switch', 'move', 'move', 'ship1', 'buddha2'] });
  await refused(ann, MoveError.Malformed, 'chooseHand', { tiles: 'switch' });
  await ann.must('chooseHand', { tiles: ['switch', 'move', 'ronin1', 'ship1', 'buddha2'] });
  await refused(ann, MoveError.HandAlreadyChosen, 'chooseHand', { tiles: ['switch', 'move', 'ronin1', 'ship1', 'buddha2'] });
  await bob.must('chooseHand', { tiles: ['ship2', 'samurai3', 'rice2', 'castle2', 'samurai1'] });
  await ann.waitFor((s) => s.phase === 'pieces');

  // Setup: Ann places first.
  await refused(bob, MoveError.NotYourTurn, 'placePiece', { hex: cityA, piece: 'rice' });
  await refused(ann, MoveError.UnknownHex, 'placePiece', { hex: '99,99', piece: 'rice' });
  await refused(ann, MoveError.OffBoard, 'placePiece', { hex: offBoard, piece: 'rice' });
  await refused(ann, MoveError.SetupNotASettlement, 'placePiece', { hex: land[0], piece: 'rice' });
  await refused(ann, MoveError.SetupCitiesFirst, 'placePiece', { hex: villages[0], piece: 'rice' });
  await refused(ann, MoveError.SetupSettlementFull, 'placePiece', { hex: hex(SETTLEMENTS[EDO].hex), piece: 'rice' });
  await refused(ann, MoveError.Malformed, 'placePiece', { hex: cityA, piece: 'dragon' });
  await refused(ann, MoveError.WrongPhase, 'chooseHand', { tiles: ['switch', 'move', 'ronin1', 'ship1', 'buddha2'] });
  await ann.must('placePiece', { hex: cityA, piece: 'buddha' });
  await refused(bob, MoveError.SetupSameCaste, 'placePiece', { hex: cityA, piece: 'buddha' });
  await bob.must('placePiece', { hex: cityA, piece: 'rice' });
  await ann.must('placePiece', { hex: cityB, piece: 'buddha' });
  await bob.must('placePiece', { hex: cityB, piece: 'rice' });
  // Six buddhas are to be placed with two players (seven, less Edo's): use them all up.
  for (let i = 0; i < 4; i++) await (i % 2 ? bob : ann).must('placePiece', { hex: villages[i], piece: 'buddha' });
  await refused(ann, MoveError.SetupNoneLeft, 'placePiece', { hex: villages[4], piece: 'buddha' });
  for (;;) {
    await ann.sync();
    if (ann.state.phase !== 'pieces') break;
    const seat = ann.state.seat;
    const client = seat === 0 ? ann : bob;
    await client.sync();
    const move = legalPlacements(tableFromRoomState(client.state, seat), seat)[0];
    await client.must('placePiece', moveToIntent(move).payload);
  }
  expect(ann.state.phase).toBe('play');

  // Ann's first turn.
  const table = () => tableFromRoomState(ann.state, 0);
  const freeLand = () => land.filter((h) => table().hexOwner[HEXES.findIndex((x) => x.name === h)] < 0);
  const pieceAt = (settlementHex: string) => PIECES.filter((_, c) => table().pieces[HEXES.find((h) => h.name === settlementHex)!.settlement] & (1 << c));
  await refused(bob, MoveError.NotYourTurn, 'play', { play: { tile: 'samurai3', hex: freeLand()[0] } });
  await refused(ann, MoveError.NothingPlayed, 'endTurn');
  await refused(ann, MoveError.MustPlay, 'pass');
  await refused(ann, MoveError.NothingToUndo, 'undo');
  await refused(ann, MoveError.TileNotInHand, 'play', { play: { tile: 'samurai3', hex: freeLand()[0] } });
  await refused(ann, MoveError.NeedsSea, 'play', { play: { tile: 'ship1', hex: freeLand()[0] } });
  await refused(ann, MoveError.NeedsLand, 'play', { play: { tile: 'ronin1', hex: sea[0] } });
  await refused(ann, MoveError.OnSettlement, 'play', { play: { tile: 'ronin1', hex: cityA } });
  await refused(ann, MoveError.Malformed, 'play', { play: { tile: 'ronin1', hex: cityA, extra: true } });
  const l1 = freeLand()[0];
  await ann.must('play', { play: { tile: 'ronin1', hex: l1 } });
  await refused(ann, MoveError.AlreadyPlayed, 'pass');
  await refused(ann, MoveError.Occupied, 'play', { play: { tile: 'buddha2', hex: l1 } });
  await ann.must('undo');
  await refused(ann, MoveError.NothingToUndo, 'undo');
  // Switches: Ann holds the switch tile.
  const villageWith = (piece: string) => villages.find((v) => pieceAt(v).includes(piece as never))!;
  await refused(ann, MoveError.SwitchNoPiece, 'play', {
    play: {
      tile: 'switch',
      swap: [
        { hex: cityA, piece: 'castle' },
        { hex: cityB, piece: 'rice' },
      ],
    },
  });
  await refused(ann, MoveError.SwitchSameSettlement, 'play', {
    play: {
      tile: 'switch',
      swap: [
        { hex: cityA, piece: 'buddha' },
        { hex: cityA, piece: 'rice' },
      ],
    },
  });
  await refused(ann, MoveError.SwitchSameCaste, 'play', {
    play: {
      tile: 'switch',
      swap: [
        { hex: cityA, piece: 'buddha' },
        { hex: villages[0], piece: 'buddha' },
      ],
    },
  });
  await refused(ann, MoveError.SwitchDuplicateCaste, 'play', {
    play: {
      tile: 'switch',
      swap: [
        { hex: villageWith('rice'), piece: 'rice' },
        { hex: cityA, piece: 'buddha' },
      ],
    },
  });
  await ann.must('play', { play: { tile: 'buddha2', hex: l1 } });
  await refused(ann, MoveError.OneNonFast, 'play', { play: { tile: 'move', from: l1, to: freeLand()[0] } });
  await ann.must('endTurn');

  // Bob's turn, then Ann's second: the move tile.
  const b1 = freeLand()[0];
  await bob.must('play', { play: { tile: 'samurai1', hex: b1 } });
  await bob.must('endTurn');
  await ann.waitFor((s) => s.seat === 0);
  await refused(ann, MoveError.MoveNoTile, 'play', { play: { tile: 'move', from: freeLand()[0], to: freeLand()[1] } });
  await refused(ann, MoveError.MoveNotYours, 'play', { play: { tile: 'move', from: b1, to: freeLand()[0] } });
  const l2 = freeLand()[0];
  await ann.must('play', { play: { tile: 'ronin1', hex: l2 } });
  await refused(ann, MoveError.MoveFastTile, 'play', { play: { tile: 'move', from: l2, to: freeLand()[0] } });
  await ann.must('play', { play: { tile: 'move', from: l1, to: freeLand()[0] } });
  await ann.must('endTurn');

  // To the end, then nothing more.
  ann.autoPlay();
  bob.autoPlay();
  await ann.waitFor((s) => s.phase === 'over', 30_000, 'the end');
  await refused(ann, MoveError.GameOver, 'undo');
  await refused(bob, MoveError.GameOver, 'play', { play: { tile: 'ronin1', hex: land[0] } });
  await ann.leave();
  await bob.leave();
});

test('no take-back once a play has captured (immediate captures)', async () => {
  const ann = await SamuraiClient.create(server.url, {
    name: 'Ann',
    options: { players: 2, captureTiming: 'immediate', startingHands: 'random', setup: 'random' },
  });
  const bob = await SamuraiClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
  bob.autoPlay();
  await ann.must('start');
  const rng = seededRng(3);
  // Ann plays at random, except that she takes any play that captures at once.
  for (let turn = 0; ; turn++) {
    await ann.waitFor((s) => s.phase === 'over' || (s.seat === 0 && s.phase === 'play'), 10_000, `Ann's turn ${turn}`);
    if (ann.state.phase === 'over') throw new Error('the game ended without Ann capturing');
    const view = tableFromRoomState(ann.state, 0);
    const moves = legalMoves(view, 0);
    if (moves.length === 1 && moves[0].type === 'pass') {
      await ann.waitFor((s) => s.seat !== 0 || s.phase === 'over');
      continue;
    }
    const capturing = moves.find((m) => {
      if (m.type !== 'play') return false;
      const state = cloneState(asState(view));
      return applyMoveInPlace(state, m) === null && state.turnCaptures.length > 0;
    });
    if (capturing) {
      await ann.must(capturing.type, moveToIntent(capturing).payload);
      await refused(ann, MoveError.UndoAfterCapture, 'undo');
      break;
    }
    const move: Move = randomBot.chooseMove(view, 0, rng);
    await ann.must(move.type, moveToIntent(move).payload);
  }
  await ann.leave();
  await bob.leave();
});

test('every error code is reachable from a client', () => {
  // Covered elsewhere: the rate limit and the flood cool-down in limits.test.ts, a server failure
  // in internal-error.test.ts (a correct room never fails), creation and guessing limits in
  // http/matchmaking.test.ts and http/guessing.test.ts, removals in griefing.test.ts, a restart in
  // restart.test.ts, the chat's mute and its closing to spectators in chat.test.ts, its pace in
  // chat-limits.test.ts, a seat handed over too often or taken back from a bot owing its move in
  // stand-in-cycling.test.ts.
  // Unreachable by design: the seat of a move is the server's knowledge of the sender, never
  // part of a message.
  const elsewhere: ErrorCode[] = [
    RoomError.RateLimited,
    RoomError.CoolingDown,
    RoomError.Internal,
    RoomError.TooMany,
    RoomError.TooManyAttempts,
    RoomError.Removed,
    RoomError.NotRemoved,
    RoomError.Restarting, // restart.test.ts: a stopping server refuses joins
    RoomError.Muted,
    RoomError.ChatClosed,
    RoomError.StorageWaiting, // storage-faults.test.ts: a room whose storage fails refuses requests and joins
    RoomError.ChatTooFast,
    RoomError.TooSoon,
    RoomError.BotMoving,
    RoomError.NotReady, // leaving-games.test.ts: a start before everyone said "play again"
  ];
  const unreachable: ErrorCode[] = [MoveError.UnknownSeat];
  const all: ErrorCode[] = [...MOVE_ERRORS, ...ROOM_ERRORS];
  expect(all.filter((code) => !seen.has(code) && !elsewhere.includes(code) && !unreachable.includes(code))).toEqual([]);
});
