import { parseRecordText, recordFormatOf, replayPageUrl, replaySourceOf, seatsFromHistory, shareLink } from './replay-source';

describe('where a replay comes from', () => {
  it('reads a room’s game from the page address the server sent a shared link to', () => {
    expect(replaySourceOf('?replay=k7m2pq&game=2')).toEqual({ kind: 'room', code: 'K7M2PQ', game: 2 });
    for (const bad of ['', '?replay=K7M2PQ', '?replay=K7M2PQ&game=0', '?replay=K7M2PQ&game=1.5', '?replay=nope&game=1', '?room=K7M2PQ']) expect(replaySourceOf(bad)).toBeNull();
  });

  it('makes the links: the viewer page here, and the server’s short link to share', () => {
    expect(replayPageUrl('http://host:2567/?room=K7M2PQ#x', 'K7M2PQ', 3)).toBe('http://host:2567/?replay=K7M2PQ&game=3');
    expect(shareLink('http://host:2567/', 'K7M2PQ', 3)).toBe('http://host:2567/replay/K7M2PQ/3');
  });

  it('says clearly when a file is not JSON, and finds a record’s format', () => {
    const bad = parseRecordText('{ not json');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/not a game record: it is not JSON/);
    expect(parseRecordText('{"format":"samurai-record/1"}')).toEqual({ ok: true, json: { format: 'samurai-record/1' } });
    expect(recordFormatOf({ format: 'mangoku-record/1' })).toBe('mangoku-record/1');
    expect(recordFormatOf([1])).toBeNull();
    expect(recordFormatOf(null)).toBeNull();
  });

  it('takes the seats of the asked game from the room’s history, and nothing it cannot read', () => {
    const body = {
      games: [
        { game: 1, seats: [{ name: 'Ann', colour: 'sky', bot: null }] },
        { game: 2, seats: [{ name: 'Ben', colour: 'green', bot: 'greedy' }, null, { name: 3 }] },
      ],
    };
    expect(seatsFromHistory(body, 2)).toEqual([{ name: 'Ben', colour: 'green', bot: 'greedy' }, null, null]);
    expect(seatsFromHistory(body, 3)).toBeNull();
    expect(seatsFromHistory({ games: [{ game: 1, gameType: 'samurai' }] }, 1)).toBeNull();
    expect(seatsFromHistory('nonsense', 1)).toBeNull();
  });
});
