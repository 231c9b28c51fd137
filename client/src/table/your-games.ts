import { isRoomCode, TableSummary, YOUR_GAMES_PER_REQUEST, YourGamesAnswer } from '@samurai/shared';
import { KeyValueStore, SeatStore, YOUR_GAMES_KEY } from './seat-store';

/**
 * "Your games" on the home page: every table this browser holds a seat in, with what the server
 * last said of it (game, players, whose turn, last move), kept in localStorage so the list
 * survives a reload and shows offline; refreshed from the server (POST /api/your-games) when it
 * can be. Games waiting for you come first.
 */

/** One table of the list. */
export interface YourGame {
  readonly code: string;
  /** What the server last said of it; null before it was first asked. */
  readonly summary: TableSummary | null;
  /** The server has it no more (closed, or this seat no longer its): shown so, until removed. */
  readonly gone: boolean;
  /** A game under way waits for this browser's seat. */
  readonly yourTurn: boolean;
}

/** Asks the server about these seats (a page of at most YOUR_GAMES_PER_REQUEST); throws when it cannot be reached. */
export type AskServer = (seats: readonly { code: string; token: string }[]) => Promise<YourGamesAnswer>;

/**
 * A table the server said it has no more is asked about again only this long after (a room moving
 * between processes, a seat taken back by its link): each asking costs the address a failed look-up.
 */
export const GONE_ASKED_AGAIN_MS = 60 * 60 * 1000;

interface Kept {
  readonly summary: TableSummary | null;
  readonly gone: boolean;
  /** When the server was last asked about it (ms since 1970). */
  readonly askedAt: number;
}

export class YourGames {
  constructor(
    private readonly seats: SeatStore,
    private readonly local: KeyValueStore,
  ) {}

  /**
   * The list: games waiting for you first, then the others under way and the lobbies, then the
   * finished ones, then those the server has no more; within each, the latest move first. A
   * finished game stays after its seat token is forgotten, for its replay and record.
   */
  list(): YourGame[] {
    const kept = this.kept();
    const codes = new Set([...this.seats.seatedRooms(), ...Object.keys(kept).filter((code) => kept[code].summary?.stage === 'over')]);
    return [...codes].map((code) => entry(code, kept[code])).sort((a, b) => rank(a) - rank(b) || lastMove(b) - lastMove(a) || a.code.localeCompare(b.code));
  }

  /**
   * Asks the server about every seat held (those it said it has no more, only once in a while) and keeps
   * its answers. Answers false when it could not be reached: the list stays as last known.
   */
  async refresh(ask: AskServer, now = Date.now()): Promise<boolean> {
    const kept = this.kept();
    const seats = this.seats
      .seatedRooms()
      .filter((code) => !kept[code]?.gone || now - kept[code].askedAt >= GONE_ASKED_AGAIN_MS)
      .map((code) => ({ code, token: this.seats.token(code) ?? '' }))
      .filter((s) => s.token !== '');
    for (let i = 0; i < seats.length; i += YOUR_GAMES_PER_REQUEST) {
      const page = seats.slice(i, i + YOUR_GAMES_PER_REQUEST);
      let answer: YourGamesAnswer;
      try {
        answer = await ask(page);
      } catch {
        return false;
      }
      page.forEach(({ code }, n) => {
        const found = answer.tables?.[n] ?? null;
        kept[code] = { ...merge(kept[code], found), askedAt: now };
      });
      this.save(kept);
    }
    return true;
  }

  /** Takes a table off the list: its summary and this browser's seat token go (its link would open the join form). */
  remove(code: string): void {
    const kept = this.kept();
    delete kept[code];
    this.save(kept);
    this.seats.forget(code);
  }

  private kept(): Record<string, Kept> {
    try {
      const parsed: unknown = JSON.parse(this.local.getItem(YOUR_GAMES_KEY) ?? '{}');
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      const kept: Record<string, Kept> = {};
      for (const [code, value] of Object.entries(parsed as Record<string, Partial<Kept>>)) {
        if (isRoomCode(code) && typeof value === 'object' && value !== null)
          kept[code] = { summary: value.summary ?? null, gone: value.gone === true, askedAt: Number(value.askedAt) || 0 };
      }
      return kept;
    } catch {
      return {};
    }
  }

  private save(kept: Record<string, Kept>): void {
    try {
      this.local.setItem(YOUR_GAMES_KEY, JSON.stringify(kept));
    } catch {
      // Storage full or refused: the list is a convenience, never a failure.
    }
  }
}

/** What the server says now, beside what it said before. A closed table's finished game keeps the seat this browser had. */
function merge(before: Kept | undefined, found: TableSummary | null): Omit<Kept, 'askedAt'> {
  if (found) return { summary: found.yourSeat === null ? { ...found, yourSeat: before?.summary?.yourSeat ?? null } : found, gone: false };
  // Nothing found: a finished game stays finished (its record may have expired); anything else is gone.
  if (before?.summary?.stage === 'over') return before;
  return { summary: before?.summary ?? null, gone: true };
}

function entry(code: string, kept: Kept | undefined): YourGame {
  const summary = kept?.summary ?? null;
  const gone = kept?.gone ?? false;
  const yourTurn = !gone && summary !== null && summary.stage === 'playing' && summary.yourSeat !== null && summary.toAct.includes(summary.yourSeat);
  return { code, summary, gone, yourTurn };
}

function rank(game: YourGame): number {
  if (game.gone) return 4;
  if (game.yourTurn) return 0;
  if (game.summary?.stage === 'over') return 3;
  if (game.summary?.stage === 'lobby') return 2;
  return 1;
}

const lastMove = (game: YourGame) => game.summary?.lastMoveAt ?? 0;
