import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GameStore } from '../store/game-store';
import { openStore } from '../store/open-store';
import type { Member } from '../table/Seating';
import type { WatchedTable } from '../table/room-config';
import { BrowserKeys, LocalPushService } from '../test-support/push-service';
import { newVapidKeys, PushSender } from './PushSender';
import { TurnNotifier } from './TurnNotifier';

/**
 * When a table's patch makes the notifier tell a seat, on a real store and through a real push
 * service on loopback: a person's seat that owes a move and has been away long enough, once per
 * turn even across two processes (two notifiers on one store), never a bot's, a stand-in's or a
 * connected person's.
 */

jest.setTimeout(60_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let service: LocalPushService;
let store: GameStore;
let dir: string;
beforeAll(async () => {
  service = await LocalPushService.start();
});
afterAll(async () => {
  await service.close();
});
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-notifier-'));
  store = await openStore({ dataDir: dir });
});
afterEach(async () => {
  await store.shutdown();
  fs.rmSync(dir, { recursive: true, force: true });
});

const member = (id: string, changes: Partial<Member> = {}): Member => ({
  id,
  tokenHash: `hash-${id}`,
  name: id,
  colour: 'sky',
  bot: null,
  connected: false,
  awaySince: 0,
  standIn: null,
  muted: false,
  ...changes,
});

/** A table as the notifier reads one: seats, whose move, the game as it stands. */
function table(
  code: string,
  seats: Member[],
  toAct: number[],
  position = 'p1',
  lastMoveAt = 1,
): WatchedTable & { position: string; toAct: number[]; lastMoveAt: number } {
  const t = {
    code,
    gameModule: { name: 'anygame' },
    seating: { seats },
    position,
    toAct,
    lastMoveAt,
    session: { phase: 'play', seatsToAct: () => t.toAct, snapshot: () => t.position },
  };
  return t;
}

function notifier(awayMs = 0): TurnNotifier {
  return new TurnNotifier(store.push, new PushSender(store.push, newVapidKeys(), { subject: 'mailto:t@example.com', agent: service.agent }), awayMs);
}

async function subscribe(code: string, seat: Member, name: string): Promise<string> {
  const endpoint = `${service.origin}/n/${name}`;
  await store.push.subscribe({ code, tokenHash: seat.tokenHash!, endpoint, ...new BrowserKeys().json, language: 'en' }, 5);
  return `/n/${name}`;
}

test('a turn is told once, whichever process holds the table, and the next turn again', async () => {
  const ann = member('ann');
  const to = await subscribe('AAAAAA', ann, 'once');
  const first = notifier();
  const t = table('AAAAAA', [ann], [0]);
  first.watch(t);
  first.watch(t);
  await first.settled();
  expect(service.to(to)).toHaveLength(1);
  // Another process (or this one after a restart) with its own copy of the table, at the same turn.
  const second = notifier();
  second.watch(table('AAAAAA', [member('ann')], [0], 'p1', 2));
  await second.settled();
  expect(service.to(to)).toHaveLength(1);
  // The game moved on and came back to her.
  t.position = 'p2';
  t.lastMoveAt = 3;
  second.watch(t);
  await second.settled();
  expect(service.to(to)).toHaveLength(2);
});

test("nobody is told while connected, for a bot's seat, for a stand-in's, or when it is another seat's move", async () => {
  const here = member('here', { connected: true });
  const bot = member('bot', { bot: 'random', tokenHash: null });
  const standIn = member('standin', { standIn: 'random' });
  const other = member('other');
  const paths = [await subscribe('BBBBBB', here, 'here'), await subscribe('BBBBBB', standIn, 'standin'), await subscribe('BBBBBB', other, 'other')];
  const n = notifier();
  n.watch(table('BBBBBB', [here, bot, standIn, other], [0, 1, 2]));
  await n.settled();
  for (const p of paths) expect(service.to(p)).toHaveLength(0);
  n.watch(table('BBBBBB', [here, bot, standIn, other], [3], 'p2', 2));
  await n.settled();
  expect(service.to(paths[2])).toHaveLength(1);
});

test('a player away for less than the away time (a reload) is told only once that time has passed', async () => {
  const ann = member('ann', { awaySince: Date.now() });
  const to = await subscribe('CCCCCC', ann, 'later');
  const n = notifier(400);
  n.watch(table('CCCCCC', [ann], [0]));
  await n.settled();
  expect(service.to(to)).toHaveLength(0);
  const deadline = Date.now() + 20_000;
  while (service.to(to).length === 0 && Date.now() < deadline) await pause(50);
  await n.settled();
  expect(service.to(to)).toHaveLength(1);
  n.stop();
});
