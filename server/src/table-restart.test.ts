import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChatLine, chatLinesOf, RATE_LIMIT_PER_SECOND, RoomError } from '@samurai/shared';
import { bootTestServer } from './test-support/boot';
import { TableClient } from './test-support/TableClient';
import { openStore } from './store/open-store';

// The chat's and clocks' life across restarts, and the chat under the production message limit.
// Each test boots servers of its own, one at a time (Colyseus's matchmaker is one per process).
jest.setTimeout(90_000);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The chat as a client's state shows it, in the order said: who (seat, name) and what. */
function chatOf(client: TableClient): { seat: number; name: string; said: string }[] {
  return chatLinesOf(client.state.chat).map((line: ChatLine) => ({
    seat: line.seat,
    name: line.name,
    said: 'text' in line.body ? line.body.text : `:${line.body.emote}:`,
  }));
}

test("chat lines count against the connection's message limit like any request", async () => {
  const limited = await bootTestServer({ rateLimitPerSecond: RATE_LIMIT_PER_SECOND });
  const clients: TableClient[] = [];
  try {
    const ann = await TableClient.create(limited.url, { name: 'Ann', options: { players: 2 } });
    const eve = await TableClient.join(limited.url, ann.code, { role: 'spectator' });
    clients.push(ann, eve);
    await pause(1100); // the joins' own frames count too: start in a second of its own
    for (let i = 0; i < RATE_LIMIT_PER_SECOND + 5; i++) eve.sendRaw('chat', { text: `spam ${i}` });
    await eve.waitFor(() => eve.errors.some((e) => e.code === RoomError.RateLimited), 5000, 'the warning');
    await pause(300);
    await ann.sync();
    expect(chatOf(ann)).toHaveLength(RATE_LIMIT_PER_SECOND);
    expect(eve.errors.filter((e) => e.code === RoomError.RateLimited)).toHaveLength(1);
    await pause(1000); // a leave frame counts too: not in the flooded second
  } finally {
    await Promise.all(clients.map((c) => c.leave()));
    await limited.close();
  }
});

describe('a restart', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-chat-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test('keeps the chat (lines from before the game started too), who is muted and whether spectators may chat; the record holds no chat', async () => {
    const first = await bootTestServer({ store: await openStore({ dataDir }) });
    const ann = await TableClient.create(first.url, { name: 'Ann', options: { players: 3, botLevel: 'random' } });
    const bob = await TableClient.join(first.url, ann.code, { role: 'player', name: 'Bob' });
    const eve = await TableClient.join(first.url, ann.code, { role: 'spectator', name: 'Eve' });
    await ann.must('chat', { text: 'before the game' });
    await eve.must('emote', { emote: 'good' });
    await ann.must('addBot', {});
    await ann.must('start');
    await bob.must('chat', { text: 'during the game' });
    await ann.must('mute', { seat: 1, muted: true });
    await ann.must('spectatorChat', { open: false });
    await ann.sync();
    const before = chatOf(ann);
    expect(before.map((l) => l.said)).toEqual(['before the game', ':good:', 'during the game']);
    await first.close();

    const second = await bootTestServer({ store: await openStore({ dataDir }) });
    try {
      expect(second.restored).toEqual({ rooms: 1, quarantined: 0 });
      const ann2 = await TableClient.join(second.url, ann.code, { seatToken: ann.seatToken });
      const bob2 = await TableClient.join(second.url, ann.code, { seatToken: bob.seatToken });
      const eve2 = await TableClient.join(second.url, ann.code, { role: 'spectator' });
      expect(chatOf(eve2)).toEqual(before);
      expect(eve2.state.seats[1].muted).toBe(true);
      expect(eve2.state.options.spectatorChat).toBe(false);
      expect(await bob2.request('chat', { text: 'muted still' })).toMatchObject({ code: RoomError.Muted });
      expect(await eve2.request('chat', { text: 'closed still' })).toMatchObject({ code: RoomError.ChatClosed });
      // Numbering goes on after the restored lines.
      await ann2.must('chat', { text: 'after the restart' });
      await eve2.sync();
      expect(chatLinesOf(eve2.state.chat).map((l) => l.n)).toEqual([1, 2, 3, 4]);
      // The game is played out: its record knows nothing of the chat.
      ann2.autoPlay();
      bob2.autoPlay();
      await eve2.waitFor((s) => s.phase === 'over', 60_000, 'the end of the game');
      const record = await (await fetch(`${second.url}/api/rooms/${ann.code}/record`)).text();
      for (const text of ['before the game', 'during the game', 'after the restart']) expect(record).not.toContain(text);
      await Promise.all([ann2.leave(), bob2.leave(), eve2.leave()]);
    } finally {
      await second.close();
    }
  });
});

describe('a restart, with a clock running', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'samurai-clock-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test("the clock resumes with the time it had left when the server stopped (the time it was down is nobody's)", async () => {
    const first = await bootTestServer({ store: await openStore({ dataDir }) });
    const ann = await TableClient.create(first.url, {
      name: 'Ann',
      options: { players: 2, clock: 'bank-20m-20s' },
    });
    const bob = await TableClient.join(first.url, ann.code, { role: 'player', name: 'Bob' });
    await ann.must('start');
    ann.autoPlay();
    // Ann has made her move; Bob owes his, his clock running alone.
    await bob.waitFor((s) => s.phase !== 'lobby' && s.clockRunning === 2, 10_000, "Bob's move");
    ann.stopAutoPlay();
    const full = 12_200; // tenths: 20 min and one increment
    // Ann's stopped clock as the server has it (a newcomer gets every figure).
    const peek = await TableClient.join(first.url, ann.code, { role: 'spectator' });
    const annLeft = peek.state.seats[0].clockLeft;
    expect(annLeft).toBeLessThanOrEqual(full);
    await peek.leave();
    await pause(1500);
    await first.close();
    await pause(1500); // down: not charged to anyone

    const second = await bootTestServer({ store: await openStore({ dataDir }) });
    try {
      const bob2 = await TableClient.join(second.url, ann.code, { seatToken: bob.seatToken });
      const ann2 = await TableClient.join(second.url, ann.code, { seatToken: ann.seatToken });
      const left = bob2.state.seats[1].clockLeft;
      expect(bob2.state.clockRunning).toBe(2);
      expect(left).toBeLessThanOrEqual(full - 15); // the 1.5 s he had used
      expect(left).toBeGreaterThan(full - 15 - 100); // and not the time the server was down (plus whatever the machine's load adds)
      expect(ann2.state.seats[0].clockLeft).toBe(annLeft); // a stopped clock as it was
      await Promise.all([ann2.leave(), bob2.leave()]);
    } finally {
      await second.close();
    }
  });
});
