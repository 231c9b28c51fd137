import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLOSE_SEAT_TO_BOT, JoinOptions, parseJoinError, RoomError } from '@samurai/shared';
import { GAMES } from './games/registry';
import { openStore } from './store/open-store';
import { bootTestServer } from './test-support/boot';
import { RoomClient } from './test-support/RoomClient';

// Conceding, abandoning by a vote and the rematch at the table, over WebSockets, through
// restarts. Any game does: the test drives the first of the registry through the table's
// requests alone (bots play every move).
jest.setTimeout(120_000);

const GAME = GAMES[0].name;

/** A colyseus.js client at a table of any game. */
class TableClient extends RoomClient {
  static async create(url: string, options: object): Promise<TableClient> {
    const client = new TableClient(await RoomClient.connect(url, GAME, null, options));
    await client.ready();
    return client;
  }

  static async join(url: string, code: string, options: JoinOptions): Promise<TableClient> {
    const client = new TableClient(await RoomClient.connect(url, GAME, code, options));
    await client.ready();
    return client;
  }

  static async refusedJoin(url: string, code: string, options: object): Promise<string | null> {
    return (await RoomClient.refusalIn(url, GAME, code, options, parseJoinError))?.error ?? null;
  }
}

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leaving-games-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const bootOnStore = async () => bootTestServer({ store: await openStore({ dataDir }) });

/** The seats as a client sees them: name and kind. */
const seatsOf = (client: TableClient) => Array.from(client.state.seats).map((s) => `${s.name}:${s.kind}`);

test('a concession, a vote to abandon and a rematch at the table survive restarts; the abandoned game is recorded with no winner', async () => {
  let server = await bootOnStore();
  try {
    const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 3, botDelayMs: 0 } });
    const bob = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Bob' });
    const cy = await TableClient.join(server.url, ann.code, { role: 'player', name: 'Cy' });
    const code = ann.code;
    await ann.must('start');
    await ann.waitFor((s) => s.phase !== 'lobby', 5000, 'the game under way');

    // Cy concedes: a bot plays the seat under Cy's name, Cy's connection closes and the token no longer opens it.
    await cy.must('concede');
    await cy.waitFor(() => cy.closeCode !== null, 5000, 'Cy to be let go');
    expect(cy.closeCode).toBe(CLOSE_SEAT_TO_BOT);
    await ann.waitFor((s) => Array.from(s.seats).some((seat) => seat.name === 'Cy' && seat.kind === 'bot'), 5000, 'the bot in Cy’s seat');
    expect(await TableClient.refusedJoin(server.url, code, { seatToken: cy.seatToken })).toBe(RoomError.SeatToken);

    // Ann votes to abandon: one of the two people left is no majority.
    await ann.must('abandon', { agree: true });
    await ann.sync();
    expect(ann.state.abandonVotes).not.toBe(0);
    expect(ann.state.phase).not.toBe('lobby');
    const seats = seatsOf(ann);
    await server.close();

    // After a restart: the conceded seat and Ann's vote as they were; Bob's vote ends the game.
    server = await bootOnStore();
    let ann2 = await TableClient.join(server.url, code, { seatToken: ann.seatToken });
    let bob2 = await TableClient.join(server.url, code, { seatToken: bob.seatToken });
    expect(seatsOf(ann2)).toEqual(seats);
    expect(ann2.state.abandonVotes).toBe(ann.state.abandonVotes);
    await bob2.must('abandon', { agree: true });
    await ann2.waitFor((s) => s.phase === 'lobby' && s.abandoned === true, 5000, 'the table after the abandoned game');
    const history = (await (await fetch(`${server.url}/api/rooms/${code}/games`)).json()) as { games: { winners?: unknown }[] };
    expect(history.games).toHaveLength(1);
    expect(history.games[0]).toMatchObject({ game: 1, abandoned: true, leavers: [{ name: 'Cy', why: 'conceded' }] });
    expect(history.games[0].winners).toBeUndefined();
    const record = (await (await fetch(`${server.url}/api/rooms/${code}/record?game=1`)).json()) as object;
    expect(record).toMatchObject({ abandoned: true, game: GAME, gameNumber: 1 });
    await Promise.all([ann2.leave(false), bob2.leave(false)]);
    await server.close();

    // After another: still at the table, nobody has said "play again"; the host's start waits for Bob's.
    server = await bootOnStore();
    ann2 = await TableClient.join(server.url, code, { seatToken: ann.seatToken });
    bob2 = await TableClient.join(server.url, code, { seatToken: bob.seatToken });
    expect(ann2.state).toMatchObject({ phase: 'lobby', abandoned: true, game: 1, playAgain: 0 });
    expect(await ann2.request('start')).toMatchObject({ code: RoomError.NotReady });
    await bob2.must('playAgain');
    await ann2.must('start');
    await ann2.waitFor((s) => s.game === 2 && s.phase !== 'lobby', 5000, 'the second game');
    expect(ann2.state.abandoned).toBe(false);

    // The second game played to its end by bots; the rematch goes back to the table.
    for (const client of [ann2, bob2]) await client.must('standIn', { seat: client.seat as number });
    await ann2.waitFor((s) => s.phase === 'over', 60_000, 'the end of the second game');
    await ann2.must('rematch');
    await bob2.waitFor((s) => s.phase === 'lobby', 5000, 'the table again');
    // Nobody plays for a person now; the host has said "play again", Bob has not.
    expect(
      Array.from(bob2.state.seats)
        .filter((s) => s.kind === 'human')
        .map((s) => s.bot),
    ).toEqual(['', '']);
    expect(bob2.state.playAgain).toBe(1 << (ann2.seat as number));
    await ann2.must('setOptions', { botDelayMs: 5 });
    await server.close();

    // A restart between games keeps who said "play again" and the options changed.
    server = await bootOnStore();
    ann2 = await TableClient.join(server.url, code, { seatToken: ann.seatToken });
    bob2 = await TableClient.join(server.url, code, { seatToken: bob.seatToken });
    expect(ann2.state.playAgain).toBe(1 << (ann2.seat as number));
    expect(ann2.state.options.botDelayMs).toBe(5);
    // Bob does not answer: the host gives his seat to a bot, and the next game starts.
    await ann2.must('seatToBot', { seat: bob2.seat as number });
    await bob2.waitFor(() => bob2.closeCode !== null, 5000, 'Bob to be let go');
    expect(bob2.closeCode).toBe(CLOSE_SEAT_TO_BOT);
    await ann2.must('start');
    await ann2.waitFor((s) => s.game === 3 && s.phase !== 'lobby', 5000, 'the third game');
    await ann2.leave();
  } finally {
    await server.close();
  }
});
