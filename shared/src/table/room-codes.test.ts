import { isRoomCode, normaliseRoomCode, ROOM_CODE_ALPHABET } from './room-codes';

describe('room codes', () => {
  it('use no look-alike characters', () => {
    for (const c of '0O1IL') expect(ROOM_CODE_ALPHABET).not.toContain(c);
    expect(new Set(ROOM_CODE_ALPHABET).size).toBe(ROOM_CODE_ALPHABET.length);
  });

  it('accept exactly five alphabet characters', () => {
    expect(isRoomCode('ABC23')).toBe(true);
    expect(isRoomCode('ABC2')).toBe(false);
    expect(isRoomCode('ABC234')).toBe(false);
    expect(isRoomCode('ABCO2')).toBe(false);
    expect(isRoomCode('abc23')).toBe(false);
  });

  it('normalise what people type', () => {
    expect(normaliseRoomCode(' abc-23 ')).toBe('ABC23');
    expect(normaliseRoomCode('ab c2 3')).toBe('ABC23');
    expect(normaliseRoomCode('ABC1I')).toBeNull();
  });
});
