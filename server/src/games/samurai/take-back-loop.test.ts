import { Protocol } from '@colyseus/core';
import { legalMoves, Move, moveToIntent, seededRng, summariseLog, tableFromRoomState } from '@samurai/shared';
import { SamuraiClient } from './test-support/SamuraiClient';
import { useTestServer } from '../../test-support/boot';

jest.setTimeout(60_000);

const server = useTestServer();

const LOOPS = 200;

/** The bytes of the full state a client received when it joined. */
function fullStateBytes(client: SamuraiClient): number {
  return client.frames.find((frame) => frame[0] === Protocol.ROOM_STATE)!.byteLength;
}

test('a play taken back again and again leaves the public log as it was: watchers and late joiners get the short log', async () => {
  // Captures at the end of the turn, so a play never captures and can always be taken back.
  const ann = await SamuraiClient.create(server.url, {
    name: 'Ann',
    options: { players: 2, startingHands: 'random', setup: 'random', captureTiming: 'end-of-turn' },
  });
  ann.send('addBot', {});
  await ann.waitFor((s) => s.seats.length === 2 && s.seats[1].kind === 'bot', 10_000, 'the bot seated');
  await ann.must('start');
  await ann.waitFor((s) => s.phase === 'play' && s.seat === 0, 10_000, "Ann's turn");
  const eve = await SamuraiClient.join(server.url, ann.code, { role: 'spectator', name: 'Eve' });
  await eve.sync();

  const logBefore = Array.from(eve.state.log);
  const boardBefore = summariseLog(eve.state.log).board;
  let longest = 0;
  let patches = 0;
  eve.room.onStateChange((state) => {
    longest = Math.max(longest, state.log.length);
    patches++;
  });

  const rng = seededRng(9);
  const plays = legalMoves(tableFromRoomState(ann.state, 0), 0).filter((m): m is Extract<Move, { type: 'play' }> => m.type === 'play');
  expect(plays.length).toBeGreaterThan(1);
  for (let loop = 0; loop < LOOPS; loop++) {
    const play = plays[rng.int(plays.length)];
    await ann.must('play', moveToIntent(play).payload);
    await ann.must('undo');
  }
  await eve.sync();

  expect(patches).toBeGreaterThanOrEqual(2 * LOOPS); // the spectator saw every play and take-back
  expect(longest).toBe(logBefore.length + 1);
  expect(Array.from(eve.state.log)).toEqual(logBefore);
  expect(summariseLog(eve.state.log).board).toEqual(boardBefore);

  const late = await SamuraiClient.join(server.url, ann.code, { role: 'spectator', name: 'Lou' });
  expect(Array.from(late.state.log)).toEqual(logBefore);
  // The state Eve received when she joined, give or take a field such as the spectator count
  // (the loop's plays and take-backs alone would be over a kilobyte).
  expect(fullStateBytes(late)).toBeLessThan(fullStateBytes(eve) + 16);

  // The turn then goes on as if nothing had happened, for the watchers too.
  const play = plays[0];
  await ann.must('play', moveToIntent(play).payload);
  await ann.must('endTurn');
  // The room is quiet again once Ann's turn comes back (after her play and end, and at least the bot's).
  await eve.waitFor((s) => s.seat === 0 && s.log.length >= logBefore.length + 4, 10_000, "Ann's next turn");
  await late.waitFor((s) => s.log.length === eve.state.log.length, 10_000, 'the late joiner up to date');
  const annTurns = summariseLog(eve.state.log).turns.filter((t) => t.seat === 0);
  expect(annTurns[annTurns.length - 1].plays).toEqual([play.play]);
  expect(Array.from(late.state.log)).toEqual(Array.from(eve.state.log));
  await Promise.all([ann.leave(), eve.leave(), late.leave()]);
});
