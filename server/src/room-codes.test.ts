import { isRoomCode } from '@samurai/shared';
import { allocateRoomCode, isLiveRoom, randomRoomCode, releaseRoomCode } from './room-codes';

describe('room codes', () => {
  it('are valid codes, spread over the alphabet', () => {
    const codes = Array.from({ length: 500 }, randomRoomCode);
    expect(codes.every(isRoomCode)).toBe(true);
    expect(new Set(codes.join('')).size).toBeGreaterThan(25);
  });

  it('are unique among live rooms and reusable once released', () => {
    const codes = Array.from({ length: 2000 }, allocateRoomCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(isLiveRoom(codes[0])).toBe(true);
    codes.forEach(releaseRoomCode);
    expect(isLiveRoom(codes[0])).toBe(false);
  });
});
