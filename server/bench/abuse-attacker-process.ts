/**
 * The attacking process of bench:abuse: runs one attack at a time when abuse-bench.ts asks (over
 * IPC), from the local address it is given, and answers with what the attack achieved and what the
 * server answered. Sockets an attack keeps (rooms it holds alive) stay open until `release`, so the
 * benchmark can ask the server about them first. Not meant to be started by hand.
 */
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { CHAT_MAX_LENGTH, ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, ROOM_NAME } from '@samurai/shared';
import { largePost } from '../src/test-support/raw-http';
import { TableClient } from '../src/test-support/TableClient';
import { AttackSocket, httpRequest, reserve, Reservation } from './attack-client';

export interface AttackConfig {
  readonly url: string;
  /** The attacker's local address (each attack has its own: a fresh address, full buckets). */
  readonly address: string;
  readonly seconds: number;
}

export type AttackRequest =
  | { cmd: 'attack'; name: 'creationFlood' | 'createAndConnect' | 'guessing' | 'frameFlood' | 'oversized' | 'unconfirmed'; config: AttackConfig }
  | { cmd: 'attack'; name: 'distributedFill'; config: AttackConfig & { readonly addresses: readonly string[] } }
  | { cmd: 'attack'; name: 'standInCycling'; config: StandInConfig }
  | { cmd: 'attack'; name: 'chatFlood'; config: ChatFloodConfig }
  | { cmd: 'attack'; name: 'pipelinedLookUps' | 'connectionFlood'; config: AttackConfig }
  | { cmd: 'release' };

/** What the attacker tells the benchmark: a result, or a moment to mark in the victim's latencies. */
export type AttackerMessage =
  { cmd: 'result'; name: string; result: unknown } | { cmd: 'failed'; name: string; error: string } | { cmd: 'mark'; label: string } | { cmd: 'released' };

const CREATE = { name: 'Spam', options: { players: 4 } };
const SPECTATE = { role: 'spectator' };

const held: AttackSocket[] = [];
const mark = (label: string) => process.send!({ cmd: 'mark', label } satisfies AttackerMessage);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function randomCode(): string {
  let code = '';
  for (let i = 0; i < ROOM_CODE_LENGTH; i++) code += ROOM_CODE_ALPHABET[Math.floor(Math.random() * ROOM_CODE_ALPHABET.length)];
  return code;
}

/** A refusal's reason, without the varying "Try again in N s.". */
function reasonOf(error: string): string {
  return error.replace(/ Try again in \d+ s\.?/, '').slice(0, 110);
}

function count(tally: Record<string, number>, key: string): void {
  tally[key] = (tally[key] ?? 0) + 1;
}

/** `loops` copies of `step` back to back until the deadline (or until `goOn` says stop). */
async function loopsUntil(deadline: number, loops: number, step: (loop: number) => Promise<void>, goOn = () => true): Promise<void> {
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      while (performance.now() < deadline && goOn()) await step(loop);
    }),
  );
}

/** Creates a room and connects as its host (confirmed), or throws with the refusal. */
async function hostedRoom(url: string, address: string): Promise<{ socket: AttackSocket; code: string; reservation: Reservation }> {
  const { reservation, error } = await reserve(url, address, 'create', ROOM_NAME, CREATE);
  if (!reservation) throw new Error(`could not create a room: ${error}`);
  const socket = new AttackSocket(url, reservation, { localAddress: address, confirm: true });
  if (!(await socket.joined)) throw new Error(`could not join the room created: ${socket.refusal ?? socket.closeCode}`);
  return { socket, code: reservation.room.roomId, reservation };
}

// ---- 1. room creation over plain HTTP ------------------------------------------------------------

async function creationFlood({ url, address, seconds }: AttackConfig) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const started = performance.now();
  let requests = 0;
  let created = 0;
  let createdBeforeRefusal: number | null = null;
  let firstRefusalMs: number | null = null;
  let firstRetryAfter: string | null = null;
  let lastCreatedAt = 0;
  let failures = 0;
  const refusals: Record<string, number> = {};
  await loopsUntil(started + seconds * 1000, 16, async () => {
    try {
      const { answer, reservation, error } = await reserve(url, address, 'create', ROOM_NAME, CREATE, agent);
      requests++;
      if (reservation) {
        created++;
        lastCreatedAt = Date.now();
      } else {
        if (answer.status === 429 && firstRefusalMs === null) {
          firstRefusalMs = performance.now() - started;
          createdBeforeRefusal = created;
          firstRetryAfter = String(answer.headers['retry-after'] ?? '');
        }
        count(refusals, `${answer.status} ${reasonOf(error ?? '')}`);
      }
    } catch {
      failures++;
    }
  });
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests,
    requestsPerSecond: round(requests / elapsed, 0),
    created,
    createdBeforeRefusal,
    firstRefusalMs: firstRefusalMs === null ? null : round(firstRefusalMs),
    firstRetryAfter,
    refusals,
    failures,
    lastCreatedAt,
  };
}

// ---- 2. room creation, each room held alive by a connected creator --------------------------------

async function createAndConnect({ url, address, seconds }: AttackConfig) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const started = performance.now();
  let created = 0;
  let firstRefusal: { afterMs: number; afterRooms: number; reason: string } | null = null;
  let requests = 0;
  const refusals: Record<string, number> = {};
  await loopsUntil(started + seconds * 1000, 4, async () => {
    const { answer, reservation, error } = await reserve(url, address, 'create', ROOM_NAME, CREATE, agent).catch(() => ({
      answer: null,
      reservation: undefined,
      error: 'network error',
    }));
    requests++;
    if (reservation) {
      const socket = new AttackSocket(url, reservation, { localAddress: address, confirm: true });
      held.push(socket);
      if (await socket.joined) created++;
      else count(refusals, `join refused: ${socket.refusal ?? socket.closeCode}`);
      return;
    }
    firstRefusal ??= { afterMs: round(performance.now() - started), afterRooms: created, reason: reasonOf(error ?? '') };
    count(refusals, `${answer?.status ?? 'no answer'} ${reasonOf(error ?? '')}`);
  });
  agent.destroy();
  return { requests, created, connected: held.filter((s) => s.open).length, firstRefusal, refusals };
}

// ---- 3. guessing room codes ------------------------------------------------------------------------

async function guessing({ url, address, seconds }: AttackConfig) {
  // A live room with no finished game, and a code that is no room: can the record endpoint tell them apart?
  const { reservation } = await reserve(url, address, 'create', ROOM_NAME, CREATE);
  if (!reservation) throw new Error('guessing: could not create the room to compare with');
  const live = await httpRequest(`${url}/api/rooms/${reservation.room.roomId}/record`, { localAddress: address });
  const unknown = await httpRequest(`${url}/api/rooms/${randomCode()}/record`, { localAddress: address });
  const sameAnswer = live.status === unknown.status && live.body === unknown.body;

  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const started = performance.now();
  let answered = 2; // the two look-ups above
  let answeredBeforeCutOff: number | null = null;
  let cutOffMs: number | null = null;
  let refused = 0;
  let found = 0;
  const refusals: Record<string, number> = {};
  let failures = 0;
  await loopsUntil(started + seconds * 1000, 8, async (loop) => {
    try {
      const code = randomCode();
      const byCode = loop % 2 === 0;
      const answer = byCode
        ? await httpRequest(`${url}/matchmake/joinById/${code}`, { localAddress: address, method: 'POST', body: JSON.stringify(SPECTATE), agent })
        : await httpRequest(`${url}/api/rooms/${code}/record`, { localAddress: address, agent });
      if (answer.status === 429) {
        refused++;
        if (cutOffMs === null) {
          cutOffMs = performance.now() - started;
          answeredBeforeCutOff = answered;
        }
        count(refusals, `${byCode ? 'joinById' : 'record'}: ${reasonOf((JSON.parse(answer.body) as { error: string }).error)}`);
      } else if ((byCode && answer.body.includes('room not found')) || (!byCode && answer.status === 404)) answered++;
      else found++;
    } catch {
      failures++;
    }
  });
  agent.destroy();
  return {
    recordAnswers: { live: `${live.status} ${live.body.slice(0, 80)}`, unknown: `${unknown.status} ${unknown.body.slice(0, 80)}`, sameAnswer },
    answered,
    answeredBeforeCutOff,
    cutOffMs: cutOffMs === null ? null : round(cutOffMs),
    refused,
    found,
    refusals,
    failures,
    guessesPerSecond: round((answered + refused) / seconds, 0),
  };
}

// ---- 4. join-frame flood ------------------------------------------------------------------------

/** Flood rounds back to back, each with 4 fresh sockets in a fresh room: the flood an address can keep up. */
const FLOOD_ROUNDS = 5;

async function frameFlood({ url, address, seconds }: AttackConfig) {
  // Each round: two players of a room of the attacker's (seat tokens to reclaim their seats with) and two spectators.
  const rounds: { code: string; sockets: AttackSocket[] }[] = [];
  for (let r = 0; r < FLOOD_ROUNDS; r++) {
    const host = await hostedRoom(url, address);
    const joinAs = async (options: object) => {
      const { reservation, error } = await reserve(url, address, 'joinById', host.code, options);
      if (!reservation) throw new Error(`frame flood: could not join: ${error}`);
      const socket = new AttackSocket(url, reservation, { localAddress: address, confirm: true });
      if (!(await socket.joined)) throw new Error(`frame flood: join refused: ${socket.refusal}`);
      return socket;
    };
    rounds.push({ code: host.code, sockets: [host.socket, await joinAs({ role: 'player', name: 'Flood' }), await joinAs(SPECTATE), await joinAs(SPECTATE)] });
  }
  await sleep(200); // the welcome (seat token) follows the state

  mark('flood-start');
  const floodStart = performance.now();
  for (const { sockets } of rounds) {
    sockets.forEach((s) => s.flood());
    await Promise.race([Promise.all(sockets.map((s) => s.closed)), sleep(15_000)]);
  }
  mark('flood-end');
  const floodMs = performance.now() - floodStart;
  const flooders = rounds.flatMap(({ sockets }) =>
    sockets.map((s, i) => ({
      who: i < 2 ? 'player' : 'spectator',
      framesSent: s.framesBeforeStop,
      stoppedAfterMs: s.floodStoppedAt === null ? null : round(s.floodStoppedAt - s.floodStartedAt!, 0),
      closedAfterMs: s.closedAt === null ? null : round(s.closedAt - s.floodStartedAt!, 0),
      closeCode: s.closeCode,
      socketError: s.socketError,
      warnings: s.errors.length,
    })),
  );

  const { code, sockets } = rounds[0];
  const rejoinWith: object[] = [{ seatToken: sockets[0].seatToken }, { seatToken: sockets[1].seatToken }, SPECTATE, SPECTATE];
  // Back at once, and every second after, for `seconds`: with the seat token, or as a spectator.
  const rejoins: { atMs: number; who: string; outcome: string }[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const atMs = round(performance.now() - (floodStart + floodMs), 0);
    await Promise.all(
      rejoinWith.map(async (options, i) => {
        const who = i < 2 ? 'player (seat token)' : 'spectator';
        const { reservation, error } = await reserve(url, address, 'joinById', code, options);
        if (!reservation) return void rejoins.push({ atMs, who, outcome: `reservation refused: ${reasonOf(error ?? '')}` });
        const socket = new AttackSocket(url, reservation, { localAddress: address, confirm: true });
        if (await socket.joined) {
          rejoins.push({ atMs, who, outcome: 'joined' });
          await socket.leave();
        } else rejoins.push({ atMs, who, outcome: `refused: ${reasonOf(socket.refusal ?? `closed ${socket.closeCode}`)}` });
      }),
    );
    await sleep(1000);
  }
  return { rounds: FLOOD_ROUNDS, floodMs: round(floodMs, 0), flooders, rejoins };
}

// ---- 5. oversized bodies ------------------------------------------------------------------------

interface BigPost {
  readonly kind: string;
  readonly status: number | null;
  readonly ms: number;
  readonly mbWritten: number;
  readonly error: string | null;
}

/** A 100 MB body to /matchmake, written as fast as the connection takes it, until the server answers. */
async function bigPost(url: string, address: string, chunked: boolean, bytes = 100 * 1024 * 1024): Promise<BigPost> {
  const post = await largePost(`${url}/matchmake/create/${ROOM_NAME}`, { bytes, chunked, localAddress: address });
  return { kind: chunked ? 'chunked' : 'Content-Length', status: post.status, ms: round(post.ms), mbWritten: round(post.written / 2 ** 20), error: post.error };
}

async function oversized({ url, address }: AttackConfig) {
  const withLength = await bigPost(url, address, false);
  const chunked = await bigPost(url, address, true);
  const fourChunked = await Promise.all([0, 1, 2, 3].map(() => bigPost(url, address, true)));
  return { withLength, chunked, fourChunked };
}

// ---- 6. sockets that never confirm their join -----------------------------------------------------

async function unconfirmed({ url, address }: AttackConfig) {
  const host = await hostedRoom(url, address);
  held.push(host.socket);
  const started = performance.now();
  const attempts = await Promise.all(Array.from({ length: 100 }, () => reserve(url, address, 'joinById', host.code, SPECTATE)));
  const reservationRefusals: Record<string, number> = {};
  for (const a of attempts) if (!a.reservation) count(reservationRefusals, `${a.answer.status} ${reasonOf(a.error ?? '')}`);
  const sockets = attempts.flatMap((a) => (a.reservation ? [new AttackSocket(url, a.reservation, { localAddress: address, confirm: false })] : []));
  await sleep(1500);
  // Then sockets with made-up session ids, while those are held: no reservation, or no room at the door.
  const bogus = Array.from(
    { length: 150 },
    () => new AttackSocket(url, host.reservation, { localAddress: address, confirm: false, sessionId: `bogus${Math.random().toString(36).slice(2)}` }),
  );
  await Promise.race([Promise.all(bogus.map((s) => s.closed)), sleep(10_000)]);
  await Promise.race([Promise.all(sockets.map((s) => s.closed)), sleep(15_000)]);
  const seated = sockets.filter((s) => s.seatedAt !== null);
  const heldFor = seated
    .filter((s) => s.closedAt !== null)
    .map((s) => s.closedAt! - s.seatedAt!)
    .sort((a, b) => a - b);
  const refusedAtJoin: Record<string, number> = {};
  for (const s of sockets) if (s.seatedAt === null) count(refusedAtJoin, reasonOf(s.refusal ?? `closed ${s.closeCode}`));
  const bogusOutcomes: Record<string, number> = {};
  for (const s of bogus)
    count(bogusOutcomes, s.refusal ? `refused: ${reasonOf(s.refusal)}` : `closed ${s.closeCode} without a word (the address's socket limit)`);
  const bogusMs = bogus
    .filter((s) => s.closedAt !== null)
    .map((s) => s.closedAt! - s.openedAt)
    .sort((a, b) => a - b);
  return {
    reservations: attempts.length,
    granted: sockets.length,
    reservationRefusals,
    seated: seated.length,
    refusedAtJoin,
    closeCodes: countBy(seated.map((s) => String(s.closeCode))),
    heldMs: {
      min: round(heldFor[0] ?? NaN, 0),
      median: round(heldFor[Math.floor(heldFor.length / 2)] ?? NaN, 0),
      max: round(heldFor[heldFor.length - 1] ?? NaN, 0),
    },
    stillOpen: sockets.filter((s) => s.open).length,
    bogus: bogus.length,
    bogusOutcomes,
    bogusClosedWithinMs: round(bogusMs[bogusMs.length - 1] ?? NaN, 0),
    totalMs: round(performance.now() - started, 0),
  };
}

function countBy(values: string[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const v of values) count(tally, v);
  return tally;
}

// ---- 7. many addresses: rooms held alive until the server is full ---------------------------------

async function distributedFill({ url, addresses, seconds }: AttackConfig & { readonly addresses: readonly string[] }) {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let next = 0;
  let created = 0;
  let fullAtMs: number | null = null;
  let fullAtRooms: number | null = null;
  let stopAt = deadline;
  const refusals: Record<string, number> = {};
  let failures = 0;
  // Each address makes its creation burst, one room after another; 64 addresses at a time.
  const goOn = () => performance.now() < stopAt && next < addresses.length;
  await loopsUntil(
    deadline,
    64,
    async () => {
      const address = addresses[next++];
      for (;;) {
        if (performance.now() >= stopAt) return;
        try {
          const { answer, reservation, error } = await reserve(url, address, 'create', ROOM_NAME, CREATE);
          if (!reservation) {
            count(refusals, `${answer.status} ${reasonOf(error ?? '')}`);
            if (/server is full/.test(error ?? '') && fullAtMs === null) {
              fullAtMs = performance.now() - started;
              fullAtRooms = created;
              stopAt = Math.min(deadline, performance.now() + 2000); // a little more, to see every refusal
            }
            return; // this address is spent (or the server full): the next one
          }
          const socket = new AttackSocket(url, reservation, { localAddress: address, confirm: true });
          held.push(socket);
          if (await socket.joined) created++;
          else count(refusals, `join refused: ${reasonOf(socket.refusal ?? `closed ${socket.closeCode}`)}`);
        } catch {
          failures++;
          return;
        }
      }
    },
    goOn,
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    addressesUsed: Math.min(next, addresses.length),
    created,
    roomsPerSecond: round(created / elapsed, 0),
    fullAtMs: fullAtMs === null ? null : round(fullAtMs, 0),
    fullAtRooms,
    refusals,
    failures,
    connected: held.filter((s) => s.open).length,
  };
}

// ---- 8. stalling a game: one's seat handed to the bot and taken back, again and again ------------

export interface StandInConfig extends AttackConfig {
  /** The staller hands its seat to the bot and takes it back this often (the issue's finding: every 20 s). */
  readonly cycleMs: number;
  /** Between those, it says "I'm back" this often, to take its seat back from any bot the host sends. */
  readonly resumeEveryMs: number;
  /** The host asks for the bot for the staller this often. */
  readonly hostEveryMs: number;
  /** The attack gives up after this long. */
  readonly capMs: number;
}

/**
 * A 2-player game (colyseus.js clients, from 127.0.0.1): the host plays its first turn, then the
 * staller owes its move and never makes it. It hands its seat to the bot and takes it back before
 * the bot moves, and says "I'm back" in between; the host asks for the bot again and again. Until
 * a bot has made the staller's move (the remedy), or the cap.
 */
async function standInCycling({ url, cycleMs, resumeEveryMs, hostEveryMs, capMs }: StandInConfig) {
  const host = await TableClient.create(url, { name: 'Hana', options: { players: 2, seatOrder: 'fixed' } });
  const staller = await TableClient.join(url, host.code, { role: 'player', name: 'Staller' });
  await host.must('start');
  host.autoPlay();
  await host.waitFor(() => !host.owesMove(), 30_000, "the host's move made");
  await staller.waitFor(() => staller.owesMove(), 30_000, "the staller's move");
  host.stopAutoPlay();
  const dueAt = performance.now();
  const since = () => round(performance.now() - dueAt, 0);
  // Its move made (by the bot: the staller makes none), the position it owed is gone.
  const owed = staller.positionKey();
  const over = () => staller.state.phase === 'over' || staller.positionKey() !== owed;
  let idleSeenMs: number | null = null;
  void host
    .waitFor((s) => s.seats[1].idle, capMs, 'idle')
    .then(
      () => (idleSeenMs ??= since()),
      () => undefined,
    );
  const deadline = performance.now() + capMs;
  // The staller sends without waiting for answers (the bot moves 0.6 s after it is asked in): they are tallied at the end.
  const sent: Record<string, number> = {};
  const stalling = (async () => {
    let nextCycle = 0;
    while (!over() && performance.now() < deadline) {
      if (performance.now() >= nextCycle) {
        nextCycle = performance.now() + cycleMs;
        staller.sendRaw('standIn', { seat: 1 });
        count(sent, 'standIn');
        await sleep(200);
      }
      staller.sendRaw('resume');
      count(sent, 'resume');
      await sleep(resumeEveryMs);
    }
  })();
  // The host waits for each answer: a refusal, or none within a second and a half (granted).
  const hostAnswers: Record<string, number> = {};
  let hostGrantedMs: number | null = null;
  const asking = (async () => {
    while (!over() && performance.now() < deadline) {
      const asked = since();
      const got = await Promise.race([
        host.expectError('standIn', { seat: 1 }).then(
          (e) => e.code,
          () => 'granted',
        ),
        sleep(1500).then(() => 'granted'),
      ]);
      count(hostAnswers, got);
      if (got === 'granted') hostGrantedMs ??= asked;
      await sleep(hostEveryMs);
    }
  })();
  await Promise.all([stalling, asking]);
  const remedyMs = over() ? since() : null;
  const stallerAnswers: Record<string, number> = {};
  for (const [type, n] of Object.entries(sent)) {
    const refused = staller.errors.filter((e) => e.request === type);
    for (const e of refused) count(stallerAnswers, `${type}: ${e.code}`);
    if (n > refused.length) stallerAnswers[`${type}: granted`] = n - refused.length;
  }
  await Promise.all([host.leave(), staller.leave()]);
  return { remedyMs, idleSeenMs, hostGrantedMs, stallerAnswers, hostAnswers };
}

// ---- 9. chat flood in a lobby: what the room stores, what a silent spectator receives --------------

export interface ChatFloodConfig extends AttackConfig {
  readonly spectators: number;
  /** Lines each spectator sends a second (under the frame limit of 20). */
  readonly linesPerSecond: number;
}

/**
 * A lobby of the attacker's (its creator connected), `spectators` spectators each sending the
 * longest chat lines at `linesPerSecond` (under the per-connection frame limit), and one silent
 * spectator counting what it receives. The room stays open (held) so the benchmark can read its
 * stored log afterwards; its code is in the result.
 */
async function chatFlood({ url, address, seconds, spectators, linesPerSecond }: ChatFloodConfig) {
  const host = await hostedRoom(url, address);
  held.push(host.socket);
  const join = async (): Promise<AttackSocket> => {
    const { reservation, error } = await reserve(url, address, 'joinById', host.code, SPECTATE);
    if (!reservation) throw new Error(`chat flood: could not join: ${error}`);
    const socket = new AttackSocket(url, reservation, { localAddress: address, confirm: true });
    if (!(await socket.joined)) throw new Error(`chat flood: join refused: ${socket.refusal}`);
    held.push(socket);
    return socket;
  };
  const silent = await join();
  const flooders: AttackSocket[] = [];
  for (let i = 0; i < spectators; i++) flooders.push(await join());
  const bytesBefore = silent.bytesReceived;
  mark('flood-start');
  const started = performance.now();
  let sent = 0;
  const line = (i: number) => `${i} ${'ｗ'.repeat(CHAT_MAX_LENGTH - 2 - String(i).length)}`;
  await loopsUntil(started + seconds * 1000, flooders.length, async (loop) => {
    flooders[loop].send('chat', { text: line(sent++) });
    await sleep(1000 / linesPerSecond);
  });
  mark('flood-end');
  const floodSeconds = (performance.now() - started) / 1000;
  await sleep(1000); // the last lines' patches
  const refusals: Record<string, number> = {};
  for (const socket of flooders) for (const error of socket.errors) count(refusals, error.replace(/ the next in \d+ s\./, '').slice(0, 90));
  const stillOpen = flooders.filter((s) => s.open).length;
  return {
    code: host.code,
    spectators,
    linesSent: sent,
    floodSeconds: round(floodSeconds),
    silentBytes: silent.bytesReceived - bytesBefore,
    refusals,
    stillOpen,
  };
}

// ---- 10. look-ups pipelined in one TCP write --------------------------------------------------------

/** Look-ups written at once on one connection, as the attack that passed the old limit did. */
const PIPELINED = 800;

/** Every route that looks a code up, with a random code: the request as written on the wire. */
function lookUpRequest(i: number): { route: string; text: string } {
  const code = randomCode();
  switch (i % 4) {
    case 0:
      return { route: 'colours', text: `GET /api/rooms/${code}/colours HTTP/1.1\r\nHost: bench\r\n\r\n` };
    case 1:
      return { route: 'record', text: `GET /api/rooms/${code}/record HTTP/1.1\r\nHost: bench\r\n\r\n` };
    case 2:
      return { route: 'games', text: `GET /api/rooms/${code}/games HTTP/1.1\r\nHost: bench\r\n\r\n` };
    default: {
      const body = JSON.stringify(SPECTATE);
      return {
        route: 'joinById',
        text: `POST /matchmake/joinById/${code} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      };
    }
  }
}

/** Status lines and bodies of the responses read off a raw connection (every answer of ours has a Content-Length). */
function readResponses(socket: net.Socket, onResponse: (status: number, body: string) => void): void {
  let buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString('latin1');
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      onResponse(Number(head.split(' ')[1]), buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
      buffer = buffer.subarray(end + 4 + length);
    }
  });
}

async function pipelinedLookUps({ url, address, seconds }: AttackConfig) {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  const tally = { written: 0, answeredFailed: 0, found: 0, refused: 0, unanswered: 0, connections: 0, resetAtDoor: 0 };
  const failedByRoute: Record<string, number> = {};
  /** One round: a connection, PIPELINED look-ups in one write, every answer read until the server closes it or all are answered. */
  const round = () =>
    new Promise<void>((resolve) => {
      const requests = Array.from({ length: PIPELINED }, (_, i) => lookUpRequest(i));
      let answered = 0;
      let wrote = false;
      let finished = false;
      const socket = net.connect({ host: hostname, port: Number(port), localAddress: address });
      tally.connections++;
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        if (wrote) tally.unanswered += PIPELINED - answered;
        else tally.resetAtDoor++;
        socket.destroy();
        resolve();
      };
      const timer = setTimeout(finish, 10_000);
      readResponses(socket, (status, body) => {
        const route = requests[answered++].route;
        if (status === 429) tally.refused++;
        else if (status === 404 || body.includes('"code":4212')) {
          tally.answeredFailed++;
          count(failedByRoute, route);
        } else tally.found++;
        if (answered === PIPELINED) finish();
      });
      socket.once('connect', () => {
        wrote = true;
        socket.write(requests.map((r) => r.text).join(''));
        tally.written += PIPELINED;
      });
      socket.once('close', finish);
      socket.once('error', () => undefined); // 'close' follows
    });
  await loopsUntil(started + seconds * 1000, 4, round);
  const minutes = (performance.now() - started) / 60_000;
  return { ...tally, failedByRoute, minutes: round2(minutes) };
}

const round2 = (n: number) => round(n, 2);

// ---- 11. plain connections: a silent flood, then connection churn ----------------------------------

/** Silent connections opened at once (a few thousand: the flood that held 15,706 descriptors had 19,600). */
const SILENT_CONNECTIONS = 3000;

async function connectionFlood({ url, address, seconds }: AttackConfig) {
  const { hostname, port } = new URL(url);
  // Part 1: silent connections, as many as the server takes; /health from the victims' address meanwhile.
  mark('silent-start');
  const started = performance.now();
  type Fate = { openedAt: number; closedAt: number | null; reset: boolean; answered: boolean };
  const fates: Fate[] = [];
  const open = () =>
    new Promise<void>((resolve) => {
      const fate: Fate = { openedAt: 0, closedAt: null, reset: false, answered: false };
      fates.push(fate);
      const socket = net.connect({ host: hostname, port: Number(port), localAddress: address });
      socket.once('connect', () => {
        fate.openedAt = performance.now();
        resolve();
      });
      socket.on('data', () => (fate.answered = true)); // the headers timeout's 408
      socket.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNRESET') fate.reset = true;
        resolve();
      });
      socket.once('close', () => {
        fate.closedAt = performance.now();
        resolve();
      });
    });
  for (let i = 0; i < SILENT_CONNECTIONS; i += 250) await Promise.all(Array.from({ length: Math.min(250, SILENT_CONNECTIONS - i) }, open));
  const openedMs = performance.now() - started;
  const health: number[] = [];
  const probeUntil = performance.now() + Math.max(8, seconds) * 1000;
  while (performance.now() < probeUntil) {
    const asked = performance.now();
    await fetch(`${url}/health`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    health.push(performance.now() - asked);
    await sleep(100);
  }
  mark('silent-end');
  const held = fates.filter((f) => !f.reset);
  const heldFor = held
    .filter((f) => f.closedAt !== null)
    .map((f) => f.closedAt! - f.openedAt)
    .sort((a, b) => a - b);

  // Part 2: churn, a creation on a fresh connection each time from 64 loops (twice the refusals an
  // address may have held back: the others are answered at once, or their connections reset).
  const agentless = { localAddress: address, method: 'POST', body: JSON.stringify(CREATE), agent: new http.Agent({ keepAlive: false }) };
  mark('churn-start');
  const churnStarted = performance.now();
  const churn: Record<string, number> = {};
  let churnRequests = 0;
  await loopsUntil(churnStarted + seconds * 1000, 64, async () => {
    churnRequests++;
    const answer = await httpRequest(`${url}/matchmake/create/${ROOM_NAME}`, agentless).catch((error: NodeJS.ErrnoException) => ({
      status: error.code ?? 'error',
    }));
    count(churn, String(answer.status));
  });
  mark('churn-end');
  const churnSeconds = (performance.now() - churnStarted) / 1000;
  agentless.agent.destroy();
  return {
    attempted: fates.length,
    openedMs: round(openedMs, 0),
    reset: fates.filter((f) => f.reset).length,
    held: held.length,
    stillOpen: fates.filter((f) => f.closedAt === null).length,
    answered408: held.filter((f) => f.answered).length,
    heldMs: {
      min: round(heldFor[0] ?? NaN, 0),
      median: round(heldFor[Math.floor(heldFor.length / 2)] ?? NaN, 0),
      max: round(heldFor[heldFor.length - 1] ?? NaN, 0),
    },
    healthMs: { max: round(Math.max(...health), 1), probes: health.length },
    churn: { requests: churnRequests, perSecond: round(churnRequests / churnSeconds, 0), answers: churn },
  };
}

// ---- the IPC loop ------------------------------------------------------------------------------

const attacks = {
  creationFlood,
  createAndConnect,
  guessing,
  frameFlood,
  oversized,
  unconfirmed,
  distributedFill,
  standInCycling,
  chatFlood,
  pipelinedLookUps,
  connectionFlood,
} as const;

process.on('message', (request: AttackRequest) => {
  if (request.cmd === 'release') {
    void Promise.all(held.splice(0).map((s) => s.leave())).then(() => process.send!({ cmd: 'released' } satisfies AttackerMessage));
    return;
  }
  const attack = attacks[request.name] as (config: AttackConfig) => Promise<unknown>;
  attack(request.config).then(
    (result) => process.send!({ cmd: 'result', name: request.name, result } satisfies AttackerMessage),
    (error: unknown) => process.send!({ cmd: 'failed', name: request.name, error: String((error as Error)?.stack ?? error) } satisfies AttackerMessage),
  );
});
process.send!({ cmd: 'released' } satisfies AttackerMessage); // ready
