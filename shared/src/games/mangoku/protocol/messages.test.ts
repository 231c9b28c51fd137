import { Move } from '../state';
import { CLIENT_MESSAGES, intentToMove, isGameIntent, moveToIntent } from './messages';
import { createOptionsSchema, DEFAULT_ROOM_OPTIONS, roomOptionsSchema } from './options';
import { roomLikeGame } from './room-fixture';

describe('client messages', () => {
  it('turn every engine move of whole games into an intent that validates and turns back into the move', () => {
    const moves: Move[] = [];
    for (const players of [2, 3, 4, 5, 6] as const)
      roomLikeGame(players, players * 11, { visit: (_g, _l, change) => typeof change === 'object' && moves.push(change) });
    expect(new Set(moves.map((m) => m.type))).toEqual(new Set(['play', 'answer', 'take']));
    for (const move of moves) {
      const { type, payload } = moveToIntent(move);
      expect(isGameIntent(type)).toBe(true);
      const parsed = CLIENT_MESSAGES[type].safeParse(payload);
      expect(parsed.success).toBe(true);
      expect(intentToMove(type, parsed.data, move.seat)).toEqual(move);
    }
  });

  it('refuse extra fields, wrong types and unknown names', () => {
    expect(CLIENT_MESSAGES.play.safeParse({ card: 'captain', targets: [1], seat: 1 }).success).toBe(false);
    expect(CLIENT_MESSAGES.play.safeParse({ card: 'dragon' }).success).toBe(false);
    expect(CLIENT_MESSAGES.play.safeParse({ card: 'peasant', ikki: false }).success).toBe(false);
    expect(CLIENT_MESSAGES.play.safeParse({ card: 'commander', targets: [1, 2, 3] }).success).toBe(false);
    expect(CLIENT_MESSAGES.play.safeParse({ card: 'commander', targets: [] }).success).toBe(false);
    expect(CLIENT_MESSAGES.play.safeParse({ card: 'princess', targets: ['pile'] }).success).toBe(false);
    expect(CLIENT_MESSAGES.play.safeParse({ card: 'captain', targets: [6] }).success).toBe(false);
    expect(CLIENT_MESSAGES.answer.safeParse({ answer: 'run' }).success).toBe(false);
    expect(CLIENT_MESSAGES.take.safeParse({ card: 'monk', from: 2 }).success).toBe(false);
    expect(CLIENT_MESSAGES.removeSeat.safeParse({ seat: 5 }).success).toBe(true);
    expect(CLIENT_MESSAGES.removeSeat.safeParse({ seat: 6 }).success).toBe(false);
  });

  it('take the room options Mangoku has, with prompt times from the few choices', () => {
    expect(roomOptionsSchema.safeParse(DEFAULT_ROOM_OPTIONS).success).toBe(true);
    expect(DEFAULT_ROOM_OPTIONS.promptSeconds).toBe(20);
    for (const players of [2, 6]) expect(roomOptionsSchema.safeParse({ ...DEFAULT_ROOM_OPTIONS, players }).success).toBe(true);
    for (const players of [1, 7]) expect(roomOptionsSchema.safeParse({ ...DEFAULT_ROOM_OPTIONS, players }).success).toBe(false);
    expect(roomOptionsSchema.safeParse({ ...DEFAULT_ROOM_OPTIONS, promptSeconds: 7 }).success).toBe(false);
    expect(roomOptionsSchema.safeParse({ ...DEFAULT_ROOM_OPTIONS, captureTiming: 'immediate' }).success).toBe(false);
    expect(createOptionsSchema.safeParse({ name: 'Ann', options: { players: 6, promptSeconds: 60 } }).success).toBe(true);
  });
});
