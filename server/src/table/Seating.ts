import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ColourId, COLOUR_IDS, RoomError, Rng, shuffle } from '@samurai/shared';
import { claimedRoleOf, confusableNames } from '../name-skeleton';

/** A bot's level: one of the game's bot names. */
type BotLevel = string;

/** Someone (or a bot) sitting at the table. */
export interface Member {
  /** Public, stable for the room's life; clients find their seat by it. */
  readonly id: string;
  /** The SHA-256 of the secret that reclaims this seat (the token itself is kept nowhere); null for bots. */
  readonly tokenHash: string | null;
  name: string;
  colour: ColourId;
  /** The bot's level, or null for a person. */
  readonly bot: BotLevel | null;
  /** A person's browser is connected (bots always are). */
  connected: boolean;
  /** When a person's browser went away (meaningful while not connected). */
  awaySince: number;
  /** The level of the bot playing for this person while they are away (the host's call), or null. */
  standIn: BotLevel | null;
  /** The host has muted this person: their chat lines and emotes are refused. */
  muted: boolean;
}

export type SeatingResult<T> = { ok: true; value: T } | { ok: false; error: RoomError; detail?: string };

const ok = <T>(value: T): SeatingResult<T> => ({ ok: true, value });
const refuse = (error: RoomError, detail?: string): SeatingResult<never> => ({ ok: false, error, detail });

const BOT_NAMES = ['Hana', 'Kenji', 'Yuki', 'Taro', 'Aiko', 'Ren', 'Sora', 'Mei'];

/** A secret seat token: 24 random bytes, base64url (32 characters). */
export function newSeatToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What the server keeps of a seat token: its SHA-256 (a token has 192 random bits: no salt needed). */
export function hashSeatToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The seating as the room's log keeps it (token hashes only; who is connected is not kept). */
export interface SeatingSnapshot {
  readonly seats: readonly (Omit<Member, 'connected' | 'awaySince'> | null)[];
  readonly hostId: string;
  readonly nextId: number;
}

/**
 * Who sits where, who hosts, who watches: the room's own rules (names, colours, host, seat
 * order), kept apart from the Colyseus room so they are plain and testable.
 */
export class Seating {
  /** In turn order; null for an open seat. */
  seats: (Member | null)[];
  hostId = '';
  spectators = 0;
  private nextId = 1;
  /** The names spectators gave, one per named spectator (spectators who gave none are only counted). */
  private readonly watchers: string[] = [];

  constructor(players: number) {
    this.seats = Array.from({ length: players }, () => null);
  }

  get members(): Member[] {
    return this.seats.filter((m): m is Member => m !== null);
  }

  // A plain loop: every request looks its sender up, and a move should allocate no list or closure for it.
  seatOf(memberId: string): number {
    for (let s = 0; s < this.seats.length; s++) if (this.seats[s]?.id === memberId) return s;
    return -1;
  }

  byId(memberId: string): Member | undefined {
    const seat = this.seatOf(memberId);
    return seat < 0 ? undefined : (this.seats[seat] ?? undefined);
  }

  byToken(token: string): Member | undefined {
    const given = Buffer.from(hashSeatToken(token));
    // Compared in constant time: how long a refusal takes says nothing about a real token.
    return this.members.find((m) => m.tokenHash !== null && m.tokenHash.length === given.length && timingSafeEqual(Buffer.from(m.tokenHash), given));
  }

  snapshot(): SeatingSnapshot {
    const seats = this.seats.map(
      (m) => m && { id: m.id, tokenHash: m.tokenHash, name: m.name, colour: m.colour, bot: m.bot, standIn: m.standIn, muted: m.muted },
    );
    return { seats, hostId: this.hostId, nextId: this.nextId };
  }

  /** The seating of a restored room: everyone away since `now` until their browser comes back. */
  static restore(snapshot: SeatingSnapshot, now: number): Seating {
    const seating = new Seating(snapshot.seats.length);
    // (`muted` is missing from the logs of rooms made before the chat.)
    seating.seats = snapshot.seats.map((m) => m && { ...m, muted: m.muted === true, connected: m.bot !== null, awaySince: now });
    seating.hostId = snapshot.hostId;
    seating.nextId = snapshot.nextId;
    return seating;
  }

  isFull(): boolean {
    return this.seats.every((m) => m !== null);
  }

  /** A person sits down in the first open seat, reclaimable with `token`; the first person to sit down hosts. */
  sitDown(name: string, colour: ColourId | undefined, token: string): SeatingResult<Member> {
    const seat = this.seats.indexOf(null);
    if (seat < 0) return refuse(RoomError.Full, 'Every seat is taken; you can join as a spectator.');
    const checked = this.checkProfile(null, name, colour);
    if (!checked.ok) return checked;
    const member: Member = {
      id: this.newId(),
      tokenHash: hashSeatToken(token),
      name,
      colour: checked.value,
      bot: null,
      connected: true,
      awaySince: 0,
      standIn: null,
      muted: false,
    };
    this.seats[seat] = member;
    if (!this.hostId) this.hostId = member.id;
    return ok(member);
  }

  /**
   * A spectator comes to watch, under `name` ('' for none): a name, like a seat's, may not look
   * like anyone else's at the table, seated or watching, nor claim a role.
   */
  watch(name: string): SeatingResult<void> {
    if (name) {
      const checked = this.checkName(null, name);
      if (!checked.ok) return checked;
      this.watchers.push(name);
    }
    this.spectators++;
    return ok(undefined);
  }

  /** A spectator has gone: their name is free again. */
  unwatch(name: string): void {
    this.spectators--;
    const i = name ? this.watchers.indexOf(name) : -1;
    if (i >= 0) this.watchers.splice(i, 1);
  }

  addBot(level: BotLevel): SeatingResult<Member> {
    const seat = this.seats.indexOf(null);
    if (seat < 0) return refuse(RoomError.Full, 'Every seat is taken.');
    // A bot's name cannot look like a person's (or another bot's) either.
    const name = BOT_NAMES.find((n) => !this.nameTaken(null, n)) ?? `Bot ${seat + 1}`;
    const member: Member = {
      id: this.newId(),
      tokenHash: null,
      name,
      colour: this.freeColour(null)!,
      bot: level,
      connected: true,
      awaySince: 0,
      standIn: null,
      muted: false,
    };
    this.seats[seat] = member;
    return ok(member);
  }

  /**
   * A bot of `level` takes the seat of the person at `seat` for good (they conceded, or the host
   * gave it away): during a game it keeps their id, name and colour (the board and the record
   * know the seat by them), at the table between games it is a bot like any other. Returns the person.
   */
  toBot(seat: number, level: BotLevel, keepName: boolean): SeatingResult<Member> {
    const member = this.seats[seat];
    if (!member) return refuse(RoomError.BadSeat, `Seat ${seat + 1} is empty.`);
    if (member.bot) return refuse(RoomError.BadSeat, `${member.name} is a bot already.`);
    this.seats[seat] = null;
    const name = keepName ? member.name : (BOT_NAMES.find((n) => !this.nameTaken(null, n)) ?? `Bot ${seat + 1}`);
    const id = keepName ? member.id : this.newId();
    this.seats[seat] = { id, tokenHash: null, name, colour: member.colour, bot: level, connected: true, awaySince: 0, standIn: null, muted: false };
    return ok(member);
  }

  /** Empties a seat (not the host's own); returns whoever sat there. */
  remove(seat: number, by: string): SeatingResult<Member> {
    const member = this.seats[seat];
    if (!member) return refuse(RoomError.BadSeat, `Seat ${seat + 1} is empty.`);
    if (member.id === by) return refuse(RoomError.BadSeat, 'You cannot remove yourself; leave the room instead.');
    this.seats[seat] = null;
    return ok(member);
  }

  /**
   * A bot plays for the person at `seat` while they are away, or (`evenIfHere`) while they have
   * owed a move too long (the room's judgement) or asked for it themselves; their return (or, if
   * connected, their next move) ends it.
   */
  standIn(seat: number, level: BotLevel, evenIfHere = false): SeatingResult<Member> {
    const member = this.seats[seat];
    if (!member) return refuse(RoomError.BadSeat, `Seat ${seat + 1} is empty.`);
    if (member.bot) return refuse(RoomError.NotAway, `${member.name} is a bot.`);
    if (member.connected && !evenIfHere) return refuse(RoomError.NotAway, `${member.name} is here and not keeping the table waiting.`);
    if (member.standIn) return refuse(RoomError.NotAway, `A bot already plays for ${member.name}.`);
    member.standIn = level;
    return ok(member);
  }

  /** The host mutes (or unmutes) the person at `seat`: not a bot, not the host themselves. */
  mute(seat: number, by: string, muted: boolean): SeatingResult<Member> {
    const member = this.seats[seat];
    if (!member) return refuse(RoomError.BadSeat, `Seat ${seat + 1} is empty.`);
    if (member.id === by) return refuse(RoomError.BadSeat, 'You cannot mute yourself.');
    if (member.bot) return refuse(RoomError.BadSeat, `${member.name} is a bot: bots do not chat.`);
    member.muted = muted;
    return ok(member);
  }

  /**
   * A person is back (their seat token reclaimed the seat, or they said "I'm back"): connected,
   * and any stand-in stops, unless `keepStandIn` (the bot is making a move they kept the table waiting for).
   */
  returned(member: Member, keepStandIn = false): void {
    member.connected = true;
    if (!keepStandIn) member.standIn = null;
  }

  /** A new game: every person plays their own seat again, whoever a bot played for (bots stay bots). */
  endStandIns(): void {
    for (const member of this.members) member.standIn = null;
  }

  /** The bot level that plays this seat: its bot's, or a stand-in's; null when a person plays it. */
  botAt(seat: number): BotLevel | null {
    const member = this.seats[seat];
    return member?.bot ?? member?.standIn ?? null;
  }

  /** A person's browser went away (a reload, a lost connection, a closed tab): the seat waits. */
  away(member: Member, now: number): void {
    member.connected = false;
    member.awaySince = now;
  }

  /** A person leaves for good (before the game): the seat opens. */
  leave(memberId: string): void {
    const seat = this.seatOf(memberId);
    if (seat >= 0) this.seats[seat] = null;
  }

  /** Changes a person's name and colour; no two names at the table look alike (see checkProfile). */
  setProfile(memberId: string, name: string | undefined, colour: ColourId | undefined): SeatingResult<Member> {
    const member = this.byId(memberId);
    if (!member) return refuse(RoomError.BadSeat);
    const checked = this.checkProfile(member, name ?? member.name, colour ?? member.colour);
    if (!checked.ok) return checked;
    member.name = name ?? member.name;
    member.colour = checked.value;
    return ok(member);
  }

  /** Changes the number of seats, moving everyone up to the first seats. */
  setPlayers(players: number): SeatingResult<void> {
    const members = this.members;
    if (members.length > players) {
      return refuse(RoomError.SeatsTaken, `${members.length} seats are taken; remove someone first.`);
    }
    this.seats = Array.from({ length: players }, (_, i) => members[i] ?? null);
    return ok(undefined);
  }

  /** For a rematch: the second seat plays first, the first seat last. */
  rotate(): void {
    this.seats.push(this.seats.shift()!);
  }

  shuffle(rng: Rng): void {
    shuffle(this.seats, rng);
  }

  /**
   * The host is a connected person whenever one is seated. It passes on when the host leaves
   * for good, or has been away longer than `graceMs` (a network blip keeps the role).
   */
  ensureHost(now: number, graceMs: number): void {
    const host = this.byId(this.hostId);
    if (host && host.bot === null && (host.connected || now - host.awaySince < graceMs)) return;
    const next = this.members.find((m) => m.bot === null && m.connected);
    if (next) this.hostId = next.id;
    else if (!host) this.hostId = this.members.find((m) => m.bot === null)?.id ?? '';
  }

  private newId(): string {
    return `m${this.nextId++}`;
  }

  /** Someone else (a person, a bot or a spectator) has a name this one looks like: case, accents, homoglyphs. */
  private nameTaken(self: Member | null, name: string): boolean {
    return this.members.some((m) => m !== self && confusableNames(m.name, name)) || this.watchers.some((w) => confusableNames(w, name));
  }

  private freeColour(self: Member | null): ColourId | undefined {
    return COLOUR_IDS.find((c) => !this.members.some((m) => m !== self && m.colour === c));
  }

  /** The colour to use, or why the name or colour cannot be had. */
  private checkProfile(self: Member | null, name: string, colour: ColourId | undefined): SeatingResult<ColourId> {
    const named = this.checkName(self, name);
    if (!named.ok) return named;
    if (colour && this.members.some((m) => m !== self && m.colour === colour)) {
      return refuse(RoomError.ColourTaken, `Someone here already plays ${colour}.`);
    }
    return ok(colour ?? this.freeColour(self)!);
  }

  /** Why a person's name (a seat's, or a spectator's: self null) cannot be had, if it cannot. */
  private checkName(self: Member | null, name: string): SeatingResult<void> {
    // nameSchema refuses the plain role claims; look-alike letters ("(һost)") are caught here.
    const role = claimedRoleOf(name);
    if (role) return refuse(RoomError.Malformed, `A name cannot claim a role such as "${role}": the table shows roles itself.`);
    const lookalike = this.members.find((m) => m !== self && confusableNames(m.name, name))?.name ?? this.watchers.find((w) => confusableNames(w, name));
    if (lookalike !== undefined) {
      const detail = lookalike === name ? `Someone here is already called ${name}.` : `Someone here is called ${lookalike}, which looks the same as ${name}.`;
      return refuse(RoomError.NameTaken, detail);
    }
    return ok(undefined);
  }
}
