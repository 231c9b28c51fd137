import { joinErrorMessage, RoomError } from '@samurai/shared';
import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import fr from '../i18n/locales/fr.json';
import ja from '../i18n/locales/ja.json';
import { applyLanguage } from '../i18n/i18n';
import { seatOf } from './game-replay';
import { recordSeatsOf, withSeats } from './record-link';
import {
  notJsonText,
  parseRecordText,
  recordFormatOf,
  recordRefusalText,
  replayPageUrl,
  replaySourceOf,
  seatsFromHistory,
  seatsFromRecord,
  shareLink,
  unknownFormatText,
} from './replay-source';

afterEach(() => applyLanguage('en'));

describe('where a replay comes from', () => {
  it('reads a room’s game from the page address the server sent a shared link to', () => {
    expect(replaySourceOf('?replay=k7m2pq&game=2')).toEqual({ kind: 'room', code: 'K7M2PQ', game: 2 });
    for (const bad of ['', '?replay=K7M2PQ', '?replay=K7M2PQ&game=0', '?replay=K7M2PQ&game=1.5', '?replay=nope&game=1', '?room=K7M2PQ'])
      expect(replaySourceOf(bad)).toBeNull();
  });

  it('makes the links: the viewer page here, and the server’s short link to share', () => {
    expect(replayPageUrl('http://host:2567/?room=K7M2PQ#x', 'K7M2PQ', 3)).toBe('http://host:2567/?replay=K7M2PQ&game=3');
    expect(shareLink('http://host:2567/', 'K7M2PQ', 3)).toBe('http://host:2567/replay/K7M2PQ/3');
  });

  it('says clearly when a file is not JSON, and finds a record’s format', () => {
    const bad = parseRecordText('{ not json');
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.detail.length).toBeGreaterThan(0);
      expect(notJsonText(bad.detail)).toBe(`This file is not a game record: it is not JSON (${bad.detail}).`);
    }
    expect(parseRecordText('{"format":"go-record/1"}')).toEqual({ ok: true, json: { format: 'go-record/1' } });
    expect(recordFormatOf({ format: 'shogi-record/1' })).toBe('shogi-record/1');
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
    expect(seatsFromHistory({ games: [{ game: 1, gameType: 'go' }] }, 1)).toBeNull();
    expect(seatsFromHistory('nonsense', 1)).toBeNull();
  });

  it('says why nothing can be shown in the interface’s language, the server’s and the parser’s details as they came', async () => {
    // A game the server does not have: worded here, not in the server's English.
    expect(recordRefusalText(404, { error: 'No finished game has that code (a record is ready once its game is over).' })).toBe(en.replay.errors.notFound);
    expect(recordRefusalText(500, null)).toBe('The server could not give the record (HTTP 500).');
    expect(unknownFormatText('chess-record/1')).toBe('This page cannot show records of the format "chess-record/1".');
    expect(unknownFormatText(null)).toBe(en.replay.errors.noFormat);
    expect(seatOf(null, 0).name).toBe('Seat 1');
    // Too many look-ups: the table's refusal, its wait as the server said it.
    const tooMany = { code: 429, error: joinErrorMessage(RoomError.TooManyAttempts, 'Too many look-ups. Try again in 30 s.') };
    expect(recordRefusalText(429, tooMany)).toBe('Too many look-ups. Try again in 30 s.');
    // An answer of no kind we know: the server's words, as they came.
    expect(recordRefusalText(400, { error: 'game must be a game number (1, 2, …).' })).toBe('game must be a game number (1, 2, …).');

    await applyLanguage('fr');
    expect(recordRefusalText(404, { error: 'No finished game has that code.' })).toBe(fr.replay.errors.notFound);
    expect(recordRefusalText(502, null)).toBe('Le serveur n’a pas pu fournir l’enregistrement (HTTP 502).');
    expect(recordRefusalText(429, tooMany)).toBe(`${fr.errors.room.tooManyAttempts} Too many look-ups. Try again in 30 s.`);
    expect(notJsonText('Unexpected token')).toBe('Ce fichier n’est pas l’enregistrement d’une partie\u00a0: ce n’est pas du JSON (Unexpected token).');
    expect(unknownFormatText('chess-record/1')).toBe('Cette page ne sait pas afficher les enregistrements au format «\u00a0chess-record/1\u00a0».');
    expect(seatOf(null, 2).name).toBe('Place 3');
    expect(seatOf([{ name: 'Ann', colour: 'sky', bot: null }], 0).name).toBe('Ann');
    await applyLanguage('de');
    expect(unknownFormatText(null)).toBe(de.replay.errors.noFormat);
    expect(seatOf(null, 0).name).toBe('Platz 1');
    await applyLanguage('ja');
    expect(recordRefusalText(404, null)).toBe(ja.replay.errors.notFound);
    expect(seatOf(null, 1).name).toBe('2番席');
  });
});

describe('who sat where, in a record file', () => {
  const seats = [
    { name: 'Ann', colour: 'sky', bot: null },
    { name: 'Bot 1', colour: 'green', bot: 'greedy' },
  ];
  it('is written into the record a table downloads, and read back from the file', () => {
    const record = JSON.stringify({ format: 'go-record/1', players: 2 });
    const written = withSeats(record, seats);
    expect(JSON.parse(written)).toEqual({ format: 'go-record/1', players: 2, seats });
    expect(seatsFromRecord(JSON.parse(written))).toEqual(seats);
    // A record that names its seats already keeps them; a file that names nobody gives none.
    expect(withSeats(written, [seats[1], seats[0]])).toBe(written);
    expect(seatsFromRecord(JSON.parse(record))).toBeNull();
    expect(seatsFromRecord([{ name: 'Ann' }])).toBeNull();
  });
  it('says who sat at each of a table’s seats, a person standing in for nobody', () => {
    const look = { name: '', color: 0, ink: 0, mark: 'circle' } as const;
    const seat = { id: 'a', look, connected: true, idle: false, isYou: false, isHost: false, playsAgain: false, votesToAbandon: false, timedOut: false };
    expect(
      recordSeatsOf([
        { ...seat, index: 0, name: 'Ann', colourId: 'sky', kind: 'human', bot: 'greedy' },
        { ...seat, index: 1, name: 'Bot 1', colourId: 'green', kind: 'bot', bot: 'greedy' },
      ]),
    ).toEqual([
      { name: 'Ann', colour: 'sky', bot: null },
      { name: 'Bot 1', colour: 'green', bot: 'greedy' },
    ]);
  });
});
