import type { AnyGameClient } from '../table/game-client';
import { lessonGameOf, lessonUrl } from './LessonPage';

// Two games as the registry lists them, one with a lesson and one without: only what the route reads.
const taught = { type: 'go', tutorial: { load: () => Promise.reject(new Error('not loaded here')) } } as unknown as AnyGameClient;
const untaught = { type: 'other' } as unknown as AnyGameClient;
const games = [taught, untaught];

describe('the lesson’s address', () => {
  it('names a game that has a lesson', () => {
    expect(lessonGameOf('?learn=go', games)).toBe(taught);
    expect(lessonGameOf('?room=ABCDEF&learn=go', games)).toBe(taught);
  });

  it('is no lesson for a game without one, an unknown game, or no learn at all', () => {
    expect(lessonGameOf('?learn=other', games)).toBeNull();
    expect(lessonGameOf('?learn=chess', games)).toBeNull();
    expect(lessonGameOf('?room=ABCDEF', games)).toBeNull();
    expect(lessonGameOf('', games)).toBeNull();
  });

  it('is built from the page’s own address, dropping a room or a replay', () => {
    expect(lessonUrl('http://host:2567/?room=ABCDEF#x', 'shogi')).toBe('http://host:2567/?learn=shogi');
    expect(lessonUrl('https://example.org/play/?replay=K7M2PQ&game=2', 'go')).toBe('https://example.org/play/?learn=go');
  });
});
