import { AWAY_MINUTES, ChatLine, CLOCK_IDS, ClientTableState, packChatLine } from '@samurai/shared';
import { chatAndClocksOf } from './chat-and-clocks';
import { AWAY_FIELD, CLOCK_FIELD, tableOptionsOf } from './table-options';

const line = (n: number, text: string): ChatLine => ({ n, at: 1_700_000_000_000 + n, seat: 0, name: 'Alice', colour: 'sky', body: { text } });

function state(extra: Partial<ClientTableState> = {}): ClientTableState {
  const seat = { id: 'alice', name: 'Alice', colour: 'sky', kind: 'human' as const, bot: '', connected: true, idle: false, muted: false, clockLeft: 0 };
  return {
    code: 'K7M2PQ',
    gameType: 'go',
    phase: 'play',
    game: 1,
    options: { players: 3, botLevel: 'greedy', seatOrder: 'fixed', botDelayMs: 500, clock: 'move-30s', awayMinutes: 0, spectatorChat: true },
    host: 'alice',
    seats: [
      { ...seat, clockLeft: 300 },
      { ...seat, id: 'bob', name: 'Bob', colour: 'green', muted: true, clockLeft: 123 },
      { ...seat, id: 'bot', name: 'Hana', colour: 'yellow', kind: 'bot', bot: 'greedy', muted: true },
    ],
    spectators: 0,
    removed: [],
    clockRunning: 0b010,
    ...extra,
  };
}

describe('the chat and clocks the screens show', () => {
  it('read the chat ring in the order said, leaving out anything that is not a line', () => {
    const ring = [packChatLine(line(101, 'newest')), 'not a line', packChatLine(line(99, 'oldest')), packChatLine(line(100, '<b>as text</b>'))];
    expect(chatAndClocksOf(state({ chat: ring })).chat.map((l) => [l.n, 'text' in l.body && l.body.text])).toEqual([
      [99, 'oldest'],
      [100, '<b>as text</b>'],
      [101, 'newest'],
    ]);
    expect(chatAndClocksOf(state()).chat).toEqual([]);
  });

  it('give each seat its clock (running or not) and whether its person is muted (never a bot)', () => {
    const talk = chatAndClocksOf(state());
    expect(talk.clock).toBe('move-30s');
    expect(talk.seats).toEqual([
      { muted: false, clock: { tenths: 300, running: false } },
      { muted: true, clock: { tenths: 123, running: true } },
      { muted: false, clock: { tenths: 0, running: false } },
    ]);
  });

  it("read the spectators' switch and an unknown clock safely", () => {
    const closed = state();
    expect(chatAndClocksOf({ ...closed, options: { ...closed.options, spectatorChat: false } }).spectatorChat).toBe(false);
    expect(tableOptionsOf({ ...closed.options, clock: 'sundial', awayMinutes: 7 })).toEqual({ clock: 'none', awayMinutes: 0, spectatorChat: true });
  });

  it('word every clock and every away time the server knows', () => {
    expect(CLOCK_FIELD.choices.map((c) => c.value)).toEqual([...CLOCK_IDS]);
    expect(AWAY_FIELD.choices.map((c) => c.value)).toEqual([...AWAY_MINUTES]);
  });
});
