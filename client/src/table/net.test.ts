import { joinErrorMessage, JOIN_REFUSED, RoomError, seatTokenKey } from '@samurai/shared';
import { describeJoinError } from './join-errors';
import { memoryStore, SeatStore } from './seat-store';

describe('join errors', () => {
  it('turn a refused join into the room error in words', () => {
    const refused = describeJoinError({ code: JOIN_REFUSED, message: joinErrorMessage(RoomError.NameTaken, 'Ann is taken') });
    expect(refused).toMatchObject({ code: RoomError.NameTaken, retry: false, forgetSeat: false, canWatch: false });
    expect(refused.message).toBe('Someone in this room already uses that name.');
  });

  it('forget a seat token the room no longer knows, and offer to watch', () => {
    const f = describeJoinError({ code: JOIN_REFUSED, message: joinErrorMessage(RoomError.SeatToken, 'no') });
    expect(f).toMatchObject({ forgetSeat: true, canWatch: true, retry: false });
    expect(describeJoinError({ code: JOIN_REFUSED, message: joinErrorMessage(RoomError.GameStarted, 'x') }).canWatch).toBe(true);
  });

  it('read our code from an HTTP refusal too, keeping its specific text', () => {
    const busy = describeJoinError({ code: 429, message: joinErrorMessage(RoomError.TooMany, 'You have made many rooms lately. Try again in 30 s.') });
    expect(busy).toMatchObject({ code: RoomError.TooMany, message: 'You have made many rooms lately. Try again in 30 s.' });
    expect(describeJoinError({ code: 429, message: joinErrorMessage(RoomError.TooManyAttempts, 'Wait. Try again in 12 s.') }).message).toContain('12 s');
    // A flood cool-down passes by itself: the seat is kept and the client tries again.
    expect(describeJoinError({ code: JOIN_REFUSED, message: joinErrorMessage(RoomError.CoolingDown, 'come back in 8 s') })).toMatchObject({
      retry: true,
      forgetSeat: false,
    });
    expect(describeJoinError({ code: JOIN_REFUSED, message: joinErrorMessage(RoomError.Removed, 'x') })).toMatchObject({ retry: false, canWatch: true });
  });

  it('tell passing refusals (a restart, a rate limit, a cool-down) from final ones, for a page getting back in', () => {
    const passing = [RoomError.Restarting, RoomError.TooMany, RoomError.TooManyAttempts, RoomError.CoolingDown, RoomError.StorageWaiting];
    for (const code of passing)
      expect(describeJoinError({ code: 503, message: joinErrorMessage(code, 'x') })).toMatchObject({ code, retry: true, forgetSeat: false });
    for (const code of [RoomError.Removed, RoomError.SeatToken, RoomError.GameStarted, RoomError.Full]) {
      expect(describeJoinError({ code: JOIN_REFUSED, message: joinErrorMessage(code, 'x') })).toMatchObject({ code, retry: false });
    }
  });

  it('say a room does not exist (without forgetting a seat in it), and retry when the server cannot be reached', () => {
    expect(describeJoinError({ code: 4212, message: 'room "ZZZZZ" not found' })).toMatchObject({
      retry: false,
      forgetSeat: false,
      missing: true,
      message: 'There is no room with that code (it may have closed).',
    });
    for (const code of [RoomError.SeatToken, RoomError.Restarting, RoomError.Removed])
      expect(describeJoinError({ code: JOIN_REFUSED, message: joinErrorMessage(code, 'x') }).missing).toBe(false);
    expect(describeJoinError(new TypeError('Failed to fetch'))).toMatchObject({ retry: true });
    expect(describeJoinError(undefined)).toMatchObject({ retry: true });
    expect(describeJoinError({ code: JOIN_REFUSED, message: 'garbled' }).message).toBe('garbled');
  });
});

describe('the seat store', () => {
  it('keeps a seat token per room under the protocol key, and forgets it', () => {
    const local = memoryStore();
    const store = new SeatStore(local, memoryStore());
    expect(store.token('ABCDE')).toBeNull();
    store.saveToken('ABCDE', 'secret');
    expect(local.getItem(seatTokenKey('ABCDE'))).toBe('secret');
    expect(store.token('ABCDE')).toBe('secret');
    expect(store.token('FGHJK')).toBeNull();
    store.forget('ABCDE');
    expect(store.token('ABCDE')).toBeNull();
  });

  it('remembers watching per tab, and a seat replaces watching', () => {
    const store = new SeatStore(memoryStore(), memoryStore());
    store.setWatching('ABCDE', true);
    expect(store.watching('ABCDE')).toBe(true);
    store.saveToken('ABCDE', 't');
    expect(store.watching('ABCDE')).toBe(false);
  });

  it('remembers a profile and shrugs off a corrupt or unknown one', () => {
    const local = memoryStore();
    const store = new SeatStore(local, memoryStore());
    expect(store.profile()).toEqual({ name: '', colour: '' });
    store.saveProfile({ name: 'Ann', colour: 'sky' });
    expect(store.profile()).toEqual({ name: 'Ann', colour: 'sky' });
    local.setItem('samurai.profile', '{not json');
    expect(store.profile()).toEqual({ name: '', colour: '' });
    local.setItem('samurai.profile', JSON.stringify({ name: 'Bo', colour: 'pink' }));
    expect(store.profile()).toEqual({ name: 'Bo', colour: '' });
  });

  it("keeps a game's draft for the room and game it was picked in", () => {
    const local = memoryStore();
    const store = new SeatStore(local, memoryStore());
    expect(store.draft('ABCDE', 'hand', 1)).toBeNull();
    store.saveDraft('ABCDE', 'hand', 1, [3, 0, 19]);
    expect(store.draft('ABCDE', 'hand', 1)).toEqual([3, 0, 19]);
    expect(local.getItem('samurai.hand.ABCDE')).toBe('{"game":1,"picks":[3,0,19]}');
    expect(store.draft('ABCDE', 'hand', 2)).toBeNull(); // a rematch starts afresh
    expect(store.draft('FGHJK', 'hand', 1)).toBeNull();
    expect(store.draft('ABCDE', 'plan', 1)).toBeNull();
    store.saveDraft('ABCDE', 'hand', 1, null);
    expect(store.draft('ABCDE', 'hand', 1)).toBeNull();
    for (const bad of ['{not json', '"0"', 'null', '{"picks":[1]}']) {
      local.setItem('samurai.hand.ABCDE', bad);
      expect(store.draft('ABCDE', 'hand', 1)).toBeNull();
    }
  });

  it('survives a storage that throws', () => {
    const fail = (): never => {
      throw new Error('denied');
    };
    const broken = {
      getItem: fail,
      setItem: fail,
      removeItem: fail,
      key: fail,
      get length(): number {
        return fail();
      },
    };
    const store = new SeatStore(broken, broken);
    expect(() => store.saveToken('ABCDE', 't')).not.toThrow();
    expect(store.token('ABCDE')).toBeNull();
    expect(store.profile()).toEqual({ name: '', colour: '' });
    expect(() => store.saveDraft('ABCDE', 'hand', 1, [1])).not.toThrow();
    expect(store.draft('ABCDE', 'hand', 1)).toBeNull();
    expect(store.seatedRooms()).toEqual([]);
    expect(store.alertSettings()).toEqual({ sound: true, notify: false });
    expect(() => store.saveAlertSettings({ sound: false, notify: true })).not.toThrow();
    expect(() => store.noteLookUp()).not.toThrow();
    expect(store.lookUps()).toEqual([]);
    expect(() => store.setGameOver('ABCDE', true)).not.toThrow();
    expect(store.gameOver('ABCDE')).toBe(false);
  });

  it('lists the rooms it holds a seat in, and nothing else it keeps', () => {
    const local = memoryStore();
    const store = new SeatStore(local, memoryStore());
    store.saveToken('ABCDEF', 'secret-1');
    store.saveToken('K7M2PQ', 'secret-2');
    store.saveProfile({ name: 'Ann', colour: '' });
    store.saveDraft('ABCDEF', 'hand', 1, [1, 2]);
    local.setItem('samurai.seatToken.not-a-code', 'x');
    expect(store.seatedRooms().sort()).toEqual(['ABCDEF', 'K7M2PQ']);
    store.forget('ABCDEF');
    expect(store.seatedRooms()).toEqual(['K7M2PQ']);
  });

  it('remembers per room whether its game was over when last seen, until the seat is forgotten', () => {
    const local = memoryStore();
    const store = new SeatStore(local, memoryStore());
    expect(store.gameOver('ABCDEF')).toBe(false);
    store.saveToken('ABCDEF', 'secret');
    store.setGameOver('ABCDEF', true);
    expect(new SeatStore(local, memoryStore()).gameOver('ABCDEF')).toBe(true);
    expect(store.gameOver('K7M2PQ')).toBe(false);
    // A rematch: not over any more.
    store.setGameOver('ABCDEF', false);
    expect(store.gameOver('ABCDEF')).toBe(false);
    store.setGameOver('ABCDEF', true);
    store.forget('ABCDEF');
    expect(store.gameOver('ABCDEF')).toBe(false);
    expect(store.seatedRooms()).toEqual([]);
  });

  it('shares the last minute’s tries for rooms not found between tabs, whatever is stored', () => {
    const local = memoryStore();
    const [tab1, tab2] = [new SeatStore(local, memoryStore()), new SeatStore(local, memoryStore())];
    expect(tab1.lookUps(100_000)).toEqual([]);
    tab1.noteLookUp(100_000);
    tab2.noteLookUp(130_000);
    expect(tab1.lookUps(140_000)).toEqual([100_000, 130_000]);
    // A minute later the first is gone, and is not written back.
    tab1.noteLookUp(165_000);
    expect(tab2.lookUps(165_000)).toEqual([130_000, 165_000]);
    expect(JSON.parse(local.getItem('samurai.lookups')!)).toEqual([130_000, 165_000]);
    for (const bad of ['{not json', '{}', '"x"', '[null,"1",true]']) {
      local.setItem('samurai.lookups', bad);
      expect(tab1.lookUps(165_000)).toEqual([]);
    }
  });

  it('remembers the turn alerts’ switches (sound on and notifications off until chosen), whatever is stored', () => {
    const local = memoryStore();
    const store = new SeatStore(local, memoryStore());
    expect(store.alertSettings()).toEqual({ sound: true, notify: false });
    store.saveAlertSettings({ sound: false, notify: true });
    expect(new SeatStore(local, memoryStore()).alertSettings()).toEqual({ sound: false, notify: true });
    for (const bad of ['{not json', 'null', '[]', '{"sound":"no","notify":1}']) {
      local.setItem('samurai.alerts', bad);
      expect(store.alertSettings()).toEqual({ sound: true, notify: false });
    }
  });
});
