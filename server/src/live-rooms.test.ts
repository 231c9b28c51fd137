import { isRoomCode } from '@samurai/shared';
import { randomRoomCode, RoomRegistry } from './live-rooms';

describe('room codes', () => {
  it('are valid codes, spread over the alphabet', () => {
    const codes = Array.from({ length: 500 }, randomRoomCode);
    expect(codes.every(isRoomCode)).toBe(true);
    expect(new Set(codes.join('')).size).toBeGreaterThan(25);
  });

  it('are unique among live rooms and reusable once released', () => {
    const rooms = new RoomRegistry();
    const codes = Array.from({ length: 2000 }, () => rooms.allocate());
    expect(new Set(codes).size).toBe(codes.length);
    expect(rooms.has(codes[0])).toBe(true);
    expect(rooms.size).toBe(2000);
    codes.forEach((code) => rooms.release(code));
    expect(rooms.has(codes[0])).toBe(false);
    expect(rooms.size).toBe(0);
  });

  it('count each address’s live rooms', () => {
    const rooms = new RoomRegistry();
    const [a, b, c] = [rooms.allocate(), rooms.allocate(), rooms.allocate()];
    rooms.setCreator(a, '10.0.0.1');
    rooms.setCreator(b, '10.0.0.1');
    rooms.setCreator(c, '10.0.0.2');
    rooms.setCreator(a, '10.0.0.9'); // a room's creator is set once
    expect(rooms.roomsOf('10.0.0.1')).toBe(2);
    rooms.release(a);
    rooms.release(a);
    expect(rooms.roomsOf('10.0.0.1')).toBe(1);
    expect(rooms.roomsOf('10.0.0.9')).toBe(0);
  });
});
