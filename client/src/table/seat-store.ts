import { COLOUR_IDS, ColourId, normaliseRoomCode, seatTokenKey } from '@samurai/shared';
import { recentLookUps } from './reconnect-policy';
import { AlertSettings, DEFAULT_ALERT_SETTINGS } from './turn-alerts';

/** The bits of Storage we use (localStorage in the browser, a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** How many keys, and the key at an index (to find the rooms this browser holds a seat in). */
  readonly length: number;
  key(index: number): string | null;
}

export interface Profile {
  readonly name: string;
  readonly colour: ColourId | '';
}

const PROFILE_KEY = 'samurai.profile';
const ALERTS_KEY = 'samurai.alerts';
const WATCHING_KEY = 'samurai.watching.';
/** Set while the last state this browser saw of a room said its game was over. */
const OVER_KEY = 'samurai.over.';
/** When this browser's tabs last tried for rooms not found (shared by its tabs: reconnect-policy). */
const LOOKUPS_KEY = 'samurai.lookups';
/** The list of your games as the server last said it (your-games.ts). */
export const YOUR_GAMES_KEY = 'samurai.yourGames';
/** A draft (a choice not yet sent) of a room's game: `samurai.<its name>.<code>`. */
const draftKey = (name: string, code: string) => `samurai.${name}.${code}`;

/**
 * What this browser remembers: per room the secret seat token (to reclaim the seat after a
 * reload) and whether its game was over when last seen, whether this tab was watching a room, a
 * game's choice picked but not yet sent, the player's name and colour, and when its tabs last
 * tried for a room that was not found.
 */
export class SeatStore {
  constructor(
    private readonly local: KeyValueStore,
    private readonly session: KeyValueStore,
  ) {}

  token(code: string): string | null {
    return safe(() => this.local.getItem(seatTokenKey(code)), null);
  }

  saveToken(code: string, token: string): void {
    safe(() => this.local.setItem(seatTokenKey(code), token), undefined);
    safe(() => this.session.removeItem(WATCHING_KEY + code), undefined);
  }

  forget(code: string): void {
    safe(() => this.local.removeItem(seatTokenKey(code)), undefined);
    safe(() => this.local.removeItem(OVER_KEY + code), undefined);
  }

  /** Whether the last state seen of room `code` said its game was over (see Connection.roomMissing). */
  gameOver(code: string): boolean {
    return safe(() => this.local.getItem(OVER_KEY + code) === '1', false);
  }

  setGameOver(code: string, over: boolean): void {
    safe(() => (over ? this.local.setItem(OVER_KEY + code, '1') : this.local.removeItem(OVER_KEY + code)), undefined);
  }

  /** When this browser's tabs tried for rooms not found in the last minute. */
  lookUps(now = Date.now()): number[] {
    const raw = safe(() => this.local.getItem(LOOKUPS_KEY), null);
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed)
        ? recentLookUps(
            parsed.filter((time): time is number => typeof time === 'number'),
            now,
          )
        : [];
    } catch {
      return [];
    }
  }

  /** One more try for a room not found, at `now`. */
  noteLookUp(now = Date.now()): void {
    const times = [...this.lookUps(now), now];
    safe(() => this.local.setItem(LOOKUPS_KEY, JSON.stringify(times)), undefined);
  }

  watching(code: string): boolean {
    return safe(() => this.session.getItem(WATCHING_KEY + code) === '1', false);
  }

  setWatching(code: string, watching: boolean): void {
    safe(() => (watching ? this.session.setItem(WATCHING_KEY + code, '1') : this.session.removeItem(WATCHING_KEY + code)), undefined);
  }

  /**
   * What was picked in a room's game but not yet sent, kept under the game's `name` for it (a
   * reload keeps it): as saved, or null (none, or from another of the room's games). The game
   * checks it before use.
   */
  draft(code: string, name: string, game: number): unknown {
    const raw = safe(() => this.local.getItem(draftKey(name, code)), null);
    try {
      const parsed = raw ? (JSON.parse(raw) as { game?: unknown; picks?: unknown }) : {};
      return parsed.game === game ? (parsed.picks ?? null) : null;
    } catch {
      return null;
    }
  }

  /** Remembers the picks so far (JSON-serialisable); null (the choice sent, or none) forgets them. */
  saveDraft(code: string, name: string, game: number, picks: unknown): void {
    const key = draftKey(name, code);
    safe(() => (picks === null ? this.local.removeItem(key) : this.local.setItem(key, JSON.stringify({ game, picks }))), undefined);
  }

  profile(): Profile {
    const raw = safe(() => this.local.getItem(PROFILE_KEY), null);
    try {
      const parsed = raw ? (JSON.parse(raw) as Partial<Profile>) : {};
      const colour = (COLOUR_IDS as readonly string[]).includes(parsed.colour ?? '') ? (parsed.colour as ColourId) : '';
      return { name: typeof parsed.name === 'string' ? parsed.name.slice(0, 40) : '', colour };
    } catch {
      return { name: '', colour: '' };
    }
  }

  saveProfile(profile: Profile): void {
    safe(() => this.local.setItem(PROFILE_KEY, JSON.stringify(profile)), undefined);
  }

  /** The rooms this browser holds a seat in (has a seat token for). */
  seatedRooms(): string[] {
    return safe(() => {
      const codes: string[] = [];
      for (let i = 0; i < this.local.length; i++) {
        const key = this.local.key(i);
        const code = key ? seatTokenCode(key) : null;
        if (code) codes.push(code);
      }
      return codes;
    }, []);
  }

  /** The turn alerts' switches as last chosen in this browser (sound on, notifications off at first). */
  alertSettings(): AlertSettings {
    const raw = safe(() => this.local.getItem(ALERTS_KEY), null);
    try {
      const parsed = raw ? (JSON.parse(raw) as Partial<AlertSettings>) : {};
      return { sound: parsed.sound !== false, notify: parsed.notify === true };
    } catch {
      return { ...DEFAULT_ALERT_SETTINGS };
    }
  }

  saveAlertSettings(settings: AlertSettings): void {
    safe(() => this.local.setItem(ALERTS_KEY, JSON.stringify(settings)), undefined);
  }
}

/** The room code a seat-token key is for, or null for any other key. */
function seatTokenCode(key: string): string | null {
  const prefix = seatTokenKey('');
  return key.startsWith(prefix) ? normaliseRoomCode(key.slice(prefix.length)) : null;
}

/** Storage can throw (private browsing, quota); remembering is a convenience, never a failure. */
function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}

/** A Storage stand-in kept in memory. */
export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
  };
}
