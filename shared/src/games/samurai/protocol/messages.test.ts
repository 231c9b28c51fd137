import { botGame } from './bot-game';
import { CLIENT_MESSAGES, intentToMove, moveToIntent } from './messages';
import { createOptionsSchema } from './options';

describe('client messages', () => {
  it('turn every engine move into an intent that validates and turns back into the move', () => {
    for (const players of [2, 3, 4] as const) {
      const { moves } = botGame(players, players * 7);
      for (const { move } of moves) {
        const { type, payload } = moveToIntent(move);
        const parsed = CLIENT_MESSAGES[type].safeParse(payload);
        expect(parsed.success).toBe(true);
        expect(intentToMove(type, parsed.data, move.seat)).toEqual(move);
      }
    }
  });

  it('refuse extra fields, wrong types and unknown names', () => {
    expect(CLIENT_MESSAGES.play.safeParse({ play: { tile: 'buddha2', hex: '14,12', seat: 1 } }).success).toBe(false);
    expect(CLIENT_MESSAGES.play.safeParse({ play: { tile: 'dragon', hex: '14,12' } }).success).toBe(false);
    expect(CLIENT_MESSAGES.play.safeParse({ play: { tile: 'switch', hex: '14,12' } }).success).toBe(false);
    expect(CLIENT_MESSAGES.placePiece.safeParse({ hex: 14, piece: 'rice' }).success).toBe(false);
    expect(CLIENT_MESSAGES.undo.safeParse({ seat: 0 }).success).toBe(false);
    expect(CLIENT_MESSAGES.undo.safeParse(undefined).success).toBe(true);
    expect(CLIENT_MESSAGES.chooseHand.safeParse({ tiles: Array(21).fill('move') }).success).toBe(false);
    expect(CLIENT_MESSAGES.removeSeat.safeParse({ seat: 4 }).success).toBe(false);
    expect(CLIENT_MESSAGES.setOptions.safeParse({ players: 1 }).success).toBe(false);
  });
});

describe('create options', () => {
  it('refuse what the table or the game cannot take, and accept the game’s own', () => {
    expect(createOptionsSchema.safeParse({ name: 'Ann', options: { players: 5 } }).success).toBe(false);
    expect(createOptionsSchema.safeParse({ name: 'Ann', options: { botDelayMs: -1 } }).success).toBe(false);
    expect(createOptionsSchema.safeParse({ name: 'Ann', options: { players: 3, setup: 'random' } }).success).toBe(true);
  });
});
