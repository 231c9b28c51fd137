import { isRoomCode, normaliseRoomCode, ROOM_CODE_ALPHABET } from './room-codes';

describe('room codes', () => {
  it('use no look-alike characters', () => {
    for (const c of '0O1IL') expect(ROOM_CODE_ALPHABET).not.toContain(c);
    expect(new Set(ROOM_CODE_ALPHABET).size).toBe(ROOM_CODE_ALPHABET.length);
  });

  it('accept exactly six alphabet characters', () => {
    expect(isRoomCode('ABC234')).toBe(true);
    expect(isRoomCode('ABC23')).toBe(false);
    expect(isRoomCode('ABC2345')).toBe(false);
    expect(isRoomCode('ABCO23')).toBe(false);
    expect(isRoomCode('abc234')).toBe(false);
  });

  it('normalise what people type', () => {
    expect(normaliseRoomCode(' abc-234 ')).toBe('ABC234');
    expect(normaliseRoomCode('ab c2 34')).toBe('ABC234');
    expect(normaliseRoomCode('ABC1I2')).toBeNull();
  });
});
