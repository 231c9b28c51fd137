import { TableSummary, YOUR_GAMES_PER_REQUEST, YourGamesAnswer } from '@samurai/shared';
import { memoryStore, SeatStore } from './seat-store';
import { AskServer, GONE_ASKED_AGAIN_MS, YourGames } from './your-games';

const CODES = ['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD', 'EEEEEE'];
const token = (code: string) => code.slice(0, 1).repeat(32);

function summary(code: string, over: Partial<TableSummary> = {}): TableSummary {
  return {
    code,
    game: 'a-game',
    stage: 'playing',
    players: [
      { name: 'Ann', colour: 'red', bot: false },
      { name: 'Bob', colour: 'blue', bot: false },
    ],
    toAct: [1],
    lastMoveAt: 1000,
    gameNumber: 1,
    yourSeat: 0,
    ...over,
  };
}

function setUp(codes = CODES) {
  const local = memoryStore();
  const seats = new SeatStore(local, memoryStore());
  for (const code of codes) seats.saveToken(code, token(code));
  return { local, seats, list: new YourGames(seats, local) };
}

/** A server that knows these tables, checking each token as the real one does. */
function server(tables: Record<string, TableSummary>): AskServer & { asked: string[][] } {
  const asked: string[][] = [];
  const ask = async (seats: readonly { code: string; token: string }[]): Promise<YourGamesAnswer> => {
    asked.push(seats.map((s) => s.code));
    return { tables: seats.map((s) => (tables[s.code] && s.token === token(s.code) ? tables[s.code] : null)) };
  };
  return Object.assign(ask, { asked });
}

const offline: AskServer = () => Promise.reject(new TypeError('Failed to fetch'));

test('your turn first, then games under way, lobbies, finished games and gone ones; the latest move first within each', async () => {
  const { list } = setUp();
  await list.refresh(
    server({
      AAAAAA: summary('AAAAAA', { stage: 'over', toAct: [], lastMoveAt: 9000 }),
      BBBBBB: summary('BBBBBB', { toAct: [1], lastMoveAt: 5000 }),
      CCCCCC: summary('CCCCCC', { toAct: [0], lastMoveAt: 2000 }),
      DDDDDD: summary('DDDDDD', { toAct: [0, 1], yourSeat: 1, lastMoveAt: 3000 }),
    }),
  );
  const games = list.list();
  expect(games.map((g) => g.code)).toEqual(['DDDDDD', 'CCCCCC', 'BBBBBB', 'AAAAAA', 'EEEEEE']);
  expect(games.map((g) => g.yourTurn)).toEqual([true, true, false, false, false]);
  expect(games.at(-1)).toMatchObject({ code: 'EEEEEE', gone: true });
});

test('a lobby comes after games under way, and a seat not asked yet shows as unknown', async () => {
  const { list } = setUp(['AAAAAA', 'BBBBBB']);
  expect(list.list().map((g) => [g.code, g.summary, g.gone])).toEqual([
    ['AAAAAA', null, false],
    ['BBBBBB', null, false],
  ]);
  await list.refresh(server({ AAAAAA: summary('AAAAAA', { stage: 'lobby', toAct: [], lastMoveAt: 9000 }), BBBBBB: summary('BBBBBB') }));
  expect(list.list().map((g) => g.code)).toEqual(['BBBBBB', 'AAAAAA']);
});

test('offline, the list is the last one known, after a reload too; a refresh that fails changes nothing', async () => {
  const { local, seats, list } = setUp(['AAAAAA', 'BBBBBB']);
  await list.refresh(server({ AAAAAA: summary('AAAAAA', { toAct: [0] }), BBBBBB: summary('BBBBBB') }));
  const before = list.list();
  expect(await list.refresh(offline)).toBe(false);
  // A reload: new objects over the same storage.
  const again = new YourGames(new SeatStore(local, memoryStore()), local);
  expect(again.list()).toEqual(before);
  expect(again.list()[0]).toMatchObject({ code: 'AAAAAA', yourTurn: true });
  expect(seats.seatedRooms().sort()).toEqual(['AAAAAA', 'BBBBBB']);
});

test('removing a game forgets its summary and its seat token, and it is not asked about again', async () => {
  const { seats, list } = setUp(['AAAAAA', 'BBBBBB']);
  const ask = server({ AAAAAA: summary('AAAAAA'), BBBBBB: summary('BBBBBB', { stage: 'over', toAct: [] }) });
  await list.refresh(ask);
  list.remove('AAAAAA');
  list.remove('BBBBBB');
  expect(list.list()).toEqual([]);
  expect(seats.token('AAAAAA')).toBeNull();
  const asked = ask.asked.length;
  await list.refresh(ask);
  expect(ask.asked.slice(asked).flat()).toEqual([]);
});

test('a finished game stays with the seat it had once its table closes, and after its token is forgotten; a gone one is not asked again', async () => {
  const { seats, list } = setUp(['AAAAAA', 'BBBBBB']);
  await list.refresh(server({ AAAAAA: summary('AAAAAA', { yourSeat: 1 }), BBBBBB: summary('BBBBBB') }));
  // Closed: the server answers its last finished game with no seat; then nothing at all (its record expired).
  await list.refresh(server({ AAAAAA: summary('AAAAAA', { stage: 'over', toAct: [], yourSeat: null, gameNumber: 1 }) }));
  expect(list.list().find((g) => g.code === 'AAAAAA')?.summary).toMatchObject({ stage: 'over', yourSeat: 1 });
  const ask = server({});
  await list.refresh(ask);
  expect(list.list().find((g) => g.code === 'AAAAAA')?.summary?.stage).toBe('over');
  seats.forget('AAAAAA');
  expect(list.list().map((g) => [g.code, g.gone])).toEqual([
    ['AAAAAA', false],
    ['BBBBBB', true],
  ]);
  const asked = ask.asked.length;
  await list.refresh(ask);
  expect(ask.asked.slice(asked).flat()).toEqual([]);
});

test('a table the server had no more is asked about again once in a while, and is back on the list if it answers', async () => {
  const { list } = setUp(['AAAAAA']);
  await list.refresh(server({}), 1_000);
  expect(list.list()[0]).toMatchObject({ gone: true });
  const back = server({ AAAAAA: summary('AAAAAA', { toAct: [0] }) });
  await list.refresh(back, 1_000 + GONE_ASKED_AGAIN_MS - 1);
  expect(back.asked).toEqual([]);
  await list.refresh(back, 1_000 + GONE_ASKED_AGAIN_MS);
  expect(back.asked).toEqual([['AAAAAA']]);
  expect(list.list()[0]).toMatchObject({ gone: false, yourTurn: true });
});

test('many seats are asked about in pages the server takes', async () => {
  const codes = Array.from({ length: YOUR_GAMES_PER_REQUEST + 3 }, (_, i) => `${'ABCDEFGHJK'[Math.floor(i / 10)]}AAAA${'23456789AB'[i % 10]}`);
  const { list } = setUp(codes);
  const ask = server({});
  await list.refresh(ask);
  expect(ask.asked.map((page) => page.length)).toEqual([YOUR_GAMES_PER_REQUEST, 3]);
});
