import { COLOUR_IDS, ColourId, HAND_SIZE, seatTokenKey, TILE_SET } from '@samurai/shared';

/** The bits of Storage we use (localStorage in the browser, a Map in tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Profile {
  readonly name: string;
  readonly colour: ColourId | '';
}

const PROFILE_KEY = 'samurai.profile';
const WATCHING_KEY = 'samurai.watching.';
/** A draft hand: at most HAND_SIZE of a player's tiles, named by their place in TILE_SET. */
const DRAFT_HAND_KEY = 'samurai.hand.';

/**
 * What this browser remembers: per room the secret seat token (to reclaim the seat after a
 * reload), whether this tab was watching a room, the starting tiles picked but not yet
 * confirmed, and the player's name and colour.
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
  }

  watching(code: string): boolean {
    return safe(() => this.session.getItem(WATCHING_KEY + code) === '1', false);
  }

  setWatching(code: string, watching: boolean): void {
    safe(() => (watching ? this.session.setItem(WATCHING_KEY + code, '1') : this.session.removeItem(WATCHING_KEY + code)), undefined);
  }

  /** The starting tiles picked in a room's game but not yet confirmed (a reload keeps them). */
  draftHand(code: string, game: number): number[] {
    const raw = safe(() => this.local.getItem(DRAFT_HAND_KEY + code), null);
    try {
      const parsed = raw ? (JSON.parse(raw) as { game?: unknown; picks?: unknown }) : {};
      const picks = parsed.picks;
      const valid =
        parsed.game === game &&
        Array.isArray(picks) &&
        picks.length <= HAND_SIZE &&
        new Set(picks).size === picks.length &&
        picks.every((p) => Number.isInteger(p) && p >= 0 && p < TILE_SET.length);
      return valid ? (picks as number[]) : [];
    } catch {
      return [];
    }
  }

  /** Remembers the picks so far; none (or the choice confirmed) forgets them. */
  saveDraftHand(code: string, game: number, picks: readonly number[]): void {
    safe(
      () => (picks.length ? this.local.setItem(DRAFT_HAND_KEY + code, JSON.stringify({ game, picks })) : this.local.removeItem(DRAFT_HAND_KEY + code)),
      undefined,
    );
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
  };
}
