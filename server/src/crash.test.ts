import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ClientRoomState, GameRecord, seededRng, summariseLog, verifyRecord } from '@samurai/shared';
import { checkFrames } from './games/samurai/test-support/leak-check';
import { findPostgresBinaries, startTestPostgres, TestPostgres, warnPostgresMissing } from './test-support/postgres';
import { killAllServerProcesses, prepareServerProcess, PreparedServerProcess } from './test-support/server-process';
import { PersonPlayer, PlayingClient } from './test-support/PersonPlayer';
import { SamuraiClient } from './games/samurai/test-support/SamuraiClient';

/**
 * The crash test: the real server in its own process, killed with SIGKILL at random moments
 * (some right after a person's client sent a move, between the message and its broadcast) and
 * started again on the same data, while 2-, 3- and 4-player games go on with bots, people's
 * clients and a spectator each. Nothing any client saw may be lost: every log a client held when
 * the server died is the start of the log it finds on its return, its seat comes back with its
 * token, every game finishes, its record verifies, and a restored room leaks nothing.
 *
 * The kill schedule is drawn from CRASH_SEED (printed on failure), so a failing run can be
 * replayed with the same choices; the deals are the server's own (crypto) and the exact moment
 * a kill lands depends on timing, so a replay is close to, not exactly, the same run.
 */

// Long: twenty kills and restarts; a loaded machine can take minutes (a timeout, not a time goal).
jest.setTimeout(400_000);

const SEED = Number(process.env.CRASH_SEED ?? 1998);
/** Bots move quickly (not at once: people's clients and kills get their turn in between). */
const BOT_DELAY_MS = 10;
/** Every client comes from 127.0.0.1: the per-address limits, meant for a household, are lifted. */
const GENEROUS_LIMITS_ENV = {
  ROOMS_PER_ADDRESS: '10000',
  ROOM_CREATE_BURST: '10000',
  ROOM_CREATES_PER_MINUTE: '60000',
  LOOKUP_BURST: '10000',
  LOOKUPS_PER_MINUTE: '60000',
  SOCKETS_PER_ADDRESS: '10000',
};

/** The tables of each round: who sits down (people by name; the rest of the seats go to bots). */
const TABLES: readonly { players: 2 | 3 | 4; people: readonly string[] }[] = [
  { players: 2, people: ['Ann', 'Ben'] },
  { players: 3, people: ['Cho', 'Dai'] },
  { players: 4, people: ['Emi', 'Fumi'] },
];

const noop = () => undefined;
const began = Date.now();
/** CRASH_TRACE=1 tells what happens when (to stderr), for replaying a failure. */
const trace = process.env.CRASH_TRACE ? (what: string) => process.stderr.write(`[crash ${((Date.now() - began) / 1000).toFixed(2)} s] ${what}\n`) : noop;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Person {
  readonly name: string;
  readonly token: string;
  readonly memberId: string;
  readonly seat: number;
  client: SamuraiClient;
}

interface Table {
  readonly players: number;
  readonly code: string;
  readonly people: Person[];
  watcher: SamuraiClient;
  /** Every log a client of this table held when the server was killed. */
  readonly logsSeen: number[][];
  /** The names and kinds of the seats as first seated (bots included). */
  readonly seats: string[];
  finalLog: number[] | null;
}

/** What a client held at the moment its server died. */
interface Seen {
  readonly log: number[];
  readonly game: number;
  readonly phase: string;
  readonly seat: number | 'spectator';
}

const seatsOf = (state: ClientRoomState) => Array.from(state.seats, (s) => `${s.name}/${s.kind}`);
const seenBy = (client: SamuraiClient): Seen => ({
  log: Array.from(client.state.log),
  game: client.state.game,
  phase: client.state.phase,
  seat: client.seat,
});

/** One run of the whole scenario against one database. */
interface Scenario {
  readonly label: string;
  readonly seed: number;
  /** At least this many kills. */
  readonly kills: number;
  readonly dataDir: string;
  readonly databaseUrl?: string;
}

async function crashScenario(scenario: Scenario): Promise<void> {
  const rng = seededRng(scenario.seed);
  const prepare = () =>
    prepareServerProcess({ dataDir: scenario.dataDir, databaseUrl: scenario.databaseUrl, botDelayMs: BOT_DELAY_MS, env: GENEROUS_LIMITS_ENV });
  /**
   * The next servers, their modules loaded while the current one runs (two: a kill often comes
   * sooner than tsx has compiled the server).
   */
  const spares: PreparedServerProcess[] = [prepare(), prepare()];
  // One start at first and one after each kill: no more are made ready than will be started.
  let prepared = spares.length;
  const start = async (port?: number) => {
    const started = await (spares.shift() ?? prepare()).start(port);
    if (prepared < scenario.kills + 1) {
      spares.push(prepare());
      prepared++;
    }
    return started;
  };
  let server = await start();
  const stderr: string[] = [];
  const tables: Table[] = [];
  let kills = 0;
  let players: PersonPlayer[] = [];
  let playerSeq = 0;
  /** Called after each move a person's client sends (the kill-on-send trigger hangs here). */
  let afterSend: ((sender: PlayingClient) => void) | null = null;

  const allTokens = () => tables.flatMap((t) => t.people.map((p) => p.token));
  const unfinished = () => tables.filter((t) => t.finalLog === null);

  /** No client may have received anything it should not: hands, draws, tallies, others' tokens. */
  const checkLeaks = (table: Table) => {
    for (const person of table.people) {
      const report = checkFrames(
        person.client,
        allTokens().filter((t) => t !== person.token),
      );
      expect({ who: person.name, leaks: report.leaks }).toEqual({ who: person.name, leaks: [] });
      expect(report.stateFrames).toBeGreaterThan(0);
      // Every move it sent was legal in what it was shown: a restored game is the game it saw.
      expect({ who: person.name, errors: person.client.errors }).toEqual({ who: person.name, errors: [] });
    }
    const report = checkFrames(table.watcher, allTokens());
    expect({ who: `the spectator of ${table.code}`, leaks: report.leaks }).toEqual({ who: `the spectator of ${table.code}`, leaks: [] });
  };

  const playOn = (table: Table) => {
    for (const person of table.people) {
      const player = new PersonPlayer(person.client, seededRng(scenario.seed * 7919 + ++playerSeq), (sender) => afterSend?.(sender));
      players.push(player);
    }
  };

  /**
   * The server has just been sent SIGKILL: once it is gone and every client has handled all it
   * received, notes what each held, starts a server on the same data (on the same port when it
   * is free) and brings every client of an unfinished table back, checking it finds all it saw.
   */
  const restoreAfterKill = async (dying: Promise<void>): Promise<void> => {
    for (const player of players) player.stop();
    await dying;
    kills++;
    trace(`kill ${kills}`);
    stderr.push(server.stderr());
    const live = unfinished();
    const clients = live.flatMap((t) => [t.watcher, ...t.people.map((p) => p.client)]);
    // Its close is the last thing a client handles from a dead server.
    await Promise.all(clients.map((c) => c.waitFor(() => false, 10_000, 'the close').catch(() => expect(c.closeCode).not.toBeNull())));
    const failed = await Promise.allSettled(players.map((p) => p.done));
    for (const f of failed) if (f.status === 'rejected') throw f.reason;
    players = [];
    trace('every client saw its connection close');
    const seen = new Map<SamuraiClient, Seen>(clients.map((c) => [c, seenBy(c)]));
    for (const table of live) {
      for (const c of [table.watcher, ...table.people.map((p) => p.client)]) table.logsSeen.push(seen.get(c)!.log);
      checkLeaks(table);
    }

    trace('leaks checked');
    // Now and then the server dies again before anyone is back: the bots played on meanwhile.
    while (kills < scenario.kills && rng.int(6) === 0) {
      const lonely = await start(server.port);
      expect(lonely.restored).toEqual({ rooms: tables.length, quarantined: 0 });
      await sleep(50 + rng.int(400));
      await lonely.kill();
      kills++;
      stderr.push(lonely.stderr());
      server = lonely;
    }

    server = await start(server.port);
    trace(`restarted on port ${server.port}: ${server.restored.rooms} rooms`);
    expect(server.restored).toEqual({ rooms: tables.length, quarantined: 0 });
    trace(`rejoining ${live.map((t) => `${t.code} (${seen.get(t.watcher)!.phase}, ${seen.get(t.watcher)!.log.length} entries)`).join(', ')}`);
    for (const table of live) {
      const watcherSaw = seen.get(table.watcher)!;
      table.watcher = await SamuraiClient.join(server.url, table.code, { role: 'spectator' });
      expectContinues(table.watcher, watcherSaw, `the spectator of ${table.code}`);
      expect(table.watcher.welcome).toMatchObject({ role: 'spectator', seatToken: null });
      expect(table.watcher.seat).toBe('spectator');
      expect(seatsOf(table.watcher.state)).toEqual(table.seats);
      for (const person of table.people) {
        const saw = seen.get(person.client)!;
        person.client = await SamuraiClient.join(server.url, table.code, { seatToken: person.token });
        expectContinues(person.client, saw, `${person.name} of ${table.code}`);
        // The same seat, the same person.
        expect(person.client.welcome).toMatchObject({ role: 'player', memberId: person.memberId });
        expect(person.client.seat).toBe(person.seat);
        expect(saw.seat).toBe(person.seat);
        expect(person.client.state.seats[person.seat].name).toBe(person.name);
      }
    }
  };

  /** Kills the server now (the signal is sent synchronously); resolves once the process is gone. */
  const killNow = () => server.kill();

  /** The tables of a round, seated and waiting in the lobby, each with its spectator. */
  const setUpRound = async (): Promise<Table[]> => {
    const round: Table[] = [];
    for (const layout of TABLES) {
      const [hostName, ...others] = layout.people;
      const host = await SamuraiClient.create(server.url, { name: hostName, options: { players: layout.players, botLevel: 'random' } });
      const people = [host];
      for (const name of others) people.push(await SamuraiClient.join(server.url, host.code, { role: 'player', name }));
      for (let s = layout.people.length; s < layout.players; s++) await host.must('addBot', {});
      const watcher = await SamuraiClient.join(server.url, host.code, { role: 'spectator' });
      await watcher.waitFor((s) => s.seats.length === layout.players && Array.from(s.seats).every((seat) => seat.name !== ''), 10_000, 'every seat taken');
      const table: Table = {
        players: layout.players,
        code: host.code,
        people: people.map((client, i) => ({
          name: layout.people[i],
          token: client.seatToken,
          memberId: client.welcome!.memberId,
          seat: client.seat as number,
          client,
        })),
        watcher,
        logsSeen: [],
        seats: seatsOf(watcher.state),
        finalLog: null,
      };
      tables.push(table);
      round.push(table);
    }
    return round;
  };

  const failure = (error: unknown) =>
    new Error(
      `${scenario.label}, CRASH_SEED=${scenario.seed}, after ${kills} kills: ${error instanceof Error ? error.stack : String(error)}\n--- the servers' stderr ---\n${stderr.join('')}${server.stderr()}`,
    );

  try {
    while (kills < scenario.kills) {
      const round = await setUpRound();
      trace(`a round: ${round.map((t) => t.code).join(', ')}`);
      // Sometimes the server dies in the lobby: the hosts start their games once back.
      if (rng.int(3) === 0 && kills < scenario.kills) await restoreAfterKill(killNow());
      for (const table of round) await table.people[0].client.must('start');
      for (const table of round) playOn(table);

      for (;;) {
        const live = unfinished();
        if (live.length === 0) break;
        const ended = Promise.all(
          live.map((t) =>
            t.watcher
              .waitFor((s) => s.phase === 'over', 90_000, `the end of ${t.code}`)
              .then(() => {
                t.finalLog = Array.from(t.watcher.state.log);
              }),
          ),
        ).then(() => 'over' as const);
        const playerFailed = Promise.all(players.map((p) => p.done)).then(() => new Promise<never>(noop));
        ended.catch(noop);
        playerFailed.catch(noop);
        if (kills >= scenario.kills) {
          await Promise.race([ended, playerFailed]);
          continue;
        }
        // The next kill: after a while, or right after some person's next move (at once, on the
        // next turn of the event loop, or a millisecond or three later).
        const onSend = rng.int(2) === 0;
        const delayMs = onSend ? 3000 : 100 + rng.int(1400);
        const chosen = live[rng.int(live.length)];
        const sender = chosen.people[rng.int(chosen.people.length)].client;
        const lag = rng.int(3);
        const lagMs = 1 + rng.int(3);
        const kill: { dying: Promise<void> | null; timer?: NodeJS.Timeout; called: boolean } = { dying: null, called: false };
        // (Resolved with an object: resolving with the exit promise itself would wait for the exit.)
        const killed = new Promise<{ dying: Promise<void> }>((resolve) => {
          const fire = () => {
            if (kill.dying || kill.called) return;
            kill.dying = killNow();
            resolve({ dying: kill.dying });
          };
          kill.timer = setTimeout(fire, delayMs);
          if (onSend) {
            afterSend = (from) => {
              if (from !== sender) return;
              afterSend = null;
              clearTimeout(kill.timer);
              if (lag === 0) fire();
              else if (lag === 1) setImmediate(fire);
              else setTimeout(fire, lagMs);
            };
          }
        });
        const outcome = await Promise.race([ended, killed, playerFailed]);
        afterSend = null;
        if (outcome === 'over') {
          // Every table ended before the kill fired: none this time.
          kill.called = true;
          clearTimeout(kill.timer);
          continue;
        }
        trace(onSend ? `killing after a move of ${sender.code}/${sender.seat} (lag ${lag})` : `killing after ${delayMs} ms`);
        await restoreAfterKill(outcome.dying);
        trace('every client is back');
        for (const table of unfinished()) playOn(table);
      }
      for (const table of round) checkLeaks(table);
    }
  } catch (error) {
    throw failure(error);
  }

  // Every game, from every round: its record survives all the restarts and tells the game every
  // client saw, in order.
  try {
    expect(kills).toBeGreaterThanOrEqual(scenario.kills);
    for (const table of tables) {
      const finalLog = table.finalLog!;
      for (const log of table.logsSeen) expect(finalLog.slice(0, log.length)).toEqual(log);
      const response = await fetch(`${server.url}/api/rooms/${table.code}/record`);
      expect(response.status).toBe(200);
      const record = (await response.json()) as GameRecord;
      expect({ code: table.code, check: verifyRecord(record) }).toMatchObject({ code: table.code, check: { ok: true } });
      expect(record.turns).toEqual(summariseLog(finalLog).turns);
      expect(record.players).toBe(table.players);
    }
    for (const table of tables) for (const c of [table.watcher, ...table.people.map((p) => p.client)]) await c.leave();
    // A graceful stop still works after all that.
    expect(await server.stop()).toBe(0);
    await Promise.all(spares.map((s) => s.discard()));
  } catch (error) {
    throw failure(error);
  }
  // Nothing went wrong inside the servers either (no failed write, automated move or replay).
  expect(stderr.join('') + server.stderr()).toBe('');
}

/** A client back after a kill finds everything it saw, in the same order, and the same game. */
function expectContinues(client: SamuraiClient, saw: Seen, who: string): void {
  const now = Array.from(client.state.log);
  expect({ who, log: now.slice(0, saw.log.length) }).toEqual({ who, log: saw.log });
  expect({ who, game: client.state.game }).toEqual({ who, game: saw.game });
  if (saw.phase === 'over') expect(client.state.phase).toBe('over');
}

afterAll(killAllServerProcesses);

describe('SIGKILL at random moments, restarted on the same data', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-crash-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('SQLite: no log entry any client saw is lost, seats come back by token, games finish and verify, nothing leaks', async () => {
    await crashScenario({ label: 'SQLite', seed: SEED, kills: 20, dataDir: tempDir() });
  });

  const postgresBin = findPostgresBinaries();
  if (!postgresBin) warnPostgresMissing('The crash test against Postgres');
  (postgresBin ? test : test.skip)('Postgres: the same, with the server on DATABASE_URL', async () => {
    let cluster: TestPostgres | null = null;
    try {
      cluster = await startTestPostgres();
      await crashScenario({ label: 'Postgres', seed: SEED + 1, kills: 5, dataDir: tempDir(), databaseUrl: await cluster.newDatabase() });
    } finally {
      await killAllServerProcesses();
      await cluster?.stop();
    }
  });
  // CI installs PostgreSQL (.ci/run): there, its absence is a failure, not a skip.
  if (!postgresBin && process.env.CI) {
    test('PostgreSQL is installed (CI must run the crash test against it)', () => {
      expect(postgresBin).not.toBeNull();
    });
  }
});
