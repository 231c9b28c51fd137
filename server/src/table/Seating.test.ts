import { COLOUR_IDS, RoomError, seededRng } from '@samurai/shared';
import { hashSeatToken, newSeatToken, Seating } from './Seating';

describe('Seating', () => {
  it('seats people in order, the first one hosting, each with a distinct colour and a secret token', () => {
    const seating = new Seating(3);
    const [annToken, bobToken] = [newSeatToken(), newSeatToken()];
    const ann = seating.sitDown('Ann', undefined, annToken);
    const bob = seating.sitDown('Bob', 'yellow', bobToken);
    expect(ann.ok && bob.ok).toBe(true);
    if (!ann.ok || !bob.ok) return;
    expect(seating.hostId).toBe(ann.value.id);
    expect(ann.value.colour).toBe(COLOUR_IDS[0]);
    expect(bob.value.colour).toBe('yellow');
    expect(annToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(annToken).not.toBe(bobToken);
    // Only the token's hash is kept.
    expect(JSON.stringify(seating.snapshot())).not.toContain(annToken);
    expect(ann.value.tokenHash).toBe(hashSeatToken(annToken));
    expect(seating.byToken(bobToken)).toBe(bob.value);
    expect(seating.byToken('x'.repeat(32))).toBeUndefined();
  });

  it('refuses a taken name (any case), a taken colour and a full table', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann', 'sky', newSeatToken());
    expect(seating.sitDown('aNN', undefined, newSeatToken())).toMatchObject({ ok: false, error: RoomError.NameTaken });
    expect(seating.sitDown('Bob', 'sky', newSeatToken())).toMatchObject({ ok: false, error: RoomError.ColourTaken });
    expect(seating.addBot('random').ok).toBe(true);
    expect(seating.sitDown('Cat', undefined, newSeatToken())).toMatchObject({ ok: false, error: RoomError.Full });
    expect(seating.addBot('greedy')).toMatchObject({ ok: false, error: RoomError.Full });
  });

  it('lets a bot stand in only for a person who is away, and says which bot plays each seat', () => {
    const seating = new Seating(3);
    const ann = seating.sitDown('Ann', undefined, newSeatToken());
    seating.addBot('random');
    if (!ann.ok) throw new Error('Ann could not sit down');
    expect(seating.standIn(0, 'greedy')).toMatchObject({ ok: false, error: RoomError.NotAway });
    expect(seating.standIn(1, 'greedy')).toMatchObject({ ok: false, error: RoomError.NotAway });
    expect(seating.standIn(2, 'greedy')).toMatchObject({ ok: false, error: RoomError.BadSeat });
    expect(seating.botAt(0)).toBeNull();
    ann.value.connected = false;
    expect(seating.standIn(0, 'greedy').ok).toBe(true);
    expect(seating.standIn(0, 'random')).toMatchObject({ ok: false, error: RoomError.NotAway });
    expect([0, 1, 2].map((seat) => seating.botAt(seat))).toEqual(['greedy', 'random', null]);
    seating.returned(ann.value);
    expect(ann.value.connected).toBe(true);
    expect(seating.botAt(0)).toBeNull();
  });

  it('names bots apart from the people', () => {
    const seating = new Seating(4);
    seating.sitDown('Hana', undefined, newSeatToken());
    seating.addBot('random');
    seating.addBot('greedy');
    expect(seating.members.map((m) => m.name)).toEqual(['Hana', 'Kenji', 'Yuki']);
    expect(new Set(seating.members.map((m) => m.colour)).size).toBe(3);
  });

  it('gives no bot a look-alike of a person, and no person a look-alike of a bot', () => {
    const seating = new Seating(4);
    seating.sitDown('Ηаnа', undefined, newSeatToken()); // a Greek Η and two Cyrillic а
    seating.addBot('random');
    expect(seating.seats[1]?.name).toBe('Kenji');
    expect(seating.sitDown('KЕNJI', undefined, newSeatToken())).toMatchObject({
      ok: false,
      error: RoomError.NameTaken,
      detail: 'Someone here is called Kenji, which looks the same as KЕNJI.',
    }); // a Cyrillic Е
    expect(seating.sitDown('(һost)', undefined, newSeatToken())).toMatchObject({ ok: false, error: RoomError.Malformed });
  });

  it('lets a person keep their own name while changing colour, but not take a look-alike of another', () => {
    const seating = new Seating(3);
    seating.sitDown('Ann', undefined, newSeatToken());
    const bob = seating.sitDown('Bob', undefined, newSeatToken());
    if (!bob.ok) throw new Error('Bob could not sit down');
    expect(seating.setProfile(bob.value.id, 'B0B', undefined).ok).toBe(true);
    expect(seating.setProfile(bob.value.id, undefined, 'yellow').ok).toBe(true);
    expect(seating.setProfile(bob.value.id, 'Аnn', undefined)).toMatchObject({ ok: false, error: RoomError.NameTaken });
    expect(bob.value.name).toBe('B0B');
  });

  it('shrinks the table by moving everyone up, but never below the people seated', () => {
    const seating = new Seating(4);
    seating.sitDown('Ann', undefined, newSeatToken());
    seating.sitDown('Bob', undefined, newSeatToken());
    seating.sitDown('Cat', undefined, newSeatToken());
    seating.remove(1, seating.hostId);
    expect(seating.setPlayers(2).ok).toBe(true);
    expect(seating.seats.map((m) => m?.name)).toEqual(['Ann', 'Cat']);
    expect(seating.setPlayers(3).ok).toBe(true);
    expect(seating.seats.map((m) => m?.name ?? null)).toEqual(['Ann', 'Cat', null]);
    seating.sitDown('Dan', undefined, newSeatToken());
    expect(seating.setPlayers(2)).toMatchObject({ ok: false, error: RoomError.SeatsTaken });
  });

  it('passes the host on to a connected person, never to a bot, once the grace period is over', () => {
    const grace = 60_000;
    const seating = new Seating(3);
    const ann = seating.sitDown('Ann', undefined, newSeatToken());
    seating.addBot('random');
    const cat = seating.sitDown('Cat', undefined, newSeatToken());
    if (!ann.ok || !cat.ok) throw new Error('seating failed');
    seating.away(ann.value, 1_000);
    seating.ensureHost(1_000 + grace - 1, grace);
    expect(seating.hostId).toBe(ann.value.id); // a blip: still the host
    seating.ensureHost(1_000 + grace, grace);
    expect(seating.hostId).toBe(cat.value.id);
    seating.returned(ann.value);
    seating.ensureHost(1_000 + grace, grace);
    expect(seating.hostId).toBe(cat.value.id); // coming back does not take it back
    seating.away(cat.value, 2_000);
    seating.away(ann.value, 2_000);
    seating.ensureHost(10 ** 9, grace);
    expect(seating.hostId).toBe(cat.value.id); // nobody to pass it to
  });

  it('passes the host on at once when the host leaves for good', () => {
    const seating = new Seating(2);
    const ann = seating.sitDown('Ann', undefined, newSeatToken());
    const bob = seating.sitDown('Bob', undefined, newSeatToken());
    if (!ann.ok || !bob.ok) throw new Error('seating failed');
    seating.leave(ann.value.id);
    seating.ensureHost(0, 60_000);
    expect(seating.hostId).toBe(bob.value.id);
  });

  it('lets a bot stand in for a connected person only when the room finds them idle', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann', undefined, newSeatToken());
    seating.sitDown('Bob', undefined, newSeatToken());
    expect(seating.standIn(1, 'greedy')).toMatchObject({ ok: false, error: RoomError.NotAway });
    expect(seating.standIn(1, 'greedy', true)).toMatchObject({ ok: true });
    expect(seating.botAt(1)).toBe('greedy');
  });

  it('rotates for a rematch: the second seat plays first', () => {
    const seating = new Seating(3);
    ['A', 'B', 'C'].forEach((n) => seating.sitDown(n, undefined, newSeatToken()));
    seating.rotate();
    expect(seating.seats.map((m) => m?.name)).toEqual(['B', 'C', 'A']);
  });

  it('shuffles with the randomness it is given', () => {
    const seating = new Seating(4);
    ['A', 'B', 'C', 'D'].forEach((n) => seating.sitDown(n, undefined, newSeatToken()));
    const orders = new Set<string>();
    const rng = seededRng(7);
    for (let i = 0; i < 30; i++) {
      seating.shuffle(rng);
      orders.add(seating.seats.map((m) => m?.name).join(''));
    }
    expect(orders.size).toBeGreaterThan(5);
  });

  it('refuses to remove an empty seat or the host', () => {
    const seating = new Seating(2);
    seating.sitDown('Ann', undefined, newSeatToken());
    expect(seating.remove(1, seating.hostId)).toMatchObject({ ok: false, error: RoomError.BadSeat });
    expect(seating.remove(0, seating.hostId)).toMatchObject({ ok: false, error: RoomError.BadSeat });
  });
});
