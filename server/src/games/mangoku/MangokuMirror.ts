import { mangoku } from '@samurai/shared';
import type { TableSeatState } from '../../table/table-state';
import type { MangokuState, SeatState } from './mangoku-state';

const { NO_GAME, NO_SEAT_GAME, NO_SECRETS, newHistoryCursor, newHistoryEntries, encodeHistoryEntry, publicFields, revealsField, seatFields, secretFields, viewFor } = mangoku;

/** Writes each field whose value changed (Colyseus sends exactly what is touched). */
function assign<T extends object>(target: T, values: Readonly<Partial<T>>): void {
  const fields = target as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) if (fields[key] !== value) fields[key] = value;
}

/**
 * Mirrors Mangoku's part of the room state from the engine, one way, touching only what changed.
 * Every value comes from an engine projection through the protocol's room fields: the public
 * ones from a spectator's view, a seat's secrets (its @view fields) from that seat's own view;
 * nothing is read from the full state. The table's fields are the table's mirror's.
 */
export class MangokuMirror {
  private seats: SeatState[] = [];
  private history = newHistoryCursor();

  constructor(private readonly state: MangokuState) {}

  /** The table's seats changed (seated, resized, reordered). */
  adoptSeats(seats: readonly TableSeatState[]): void {
    this.seats = seats as SeatState[];
  }

  /** A new game starts a new log. */
  newGame(): void {
    this.state.log.clear();
    this.history = newHistoryCursor();
  }

  /**
   * A game resumed from a snapshot: its log as it was sent (`entries`, which hold its history so
   * far in the order it happened; synced all at once, the same history would come out grouped).
   */
  resumeGame(game: mangoku.GameState, entries: readonly string[]): void {
    this.newGame();
    this.state.log.push(...entries);
    newHistoryEntries(viewFor(game, 'spectator').campaigns, this.history);
  }

  sync(game: mangoku.GameState | null, times: mangoku.RoomTimes): void {
    const { state } = this;
    const open = game && viewFor(game, 'spectator');
    assign(state, open ? publicFields(open) : NO_GAME);
    const promptEndsAt = game?.step.kind === 'answer' ? times.promptEndsAt : 0;
    if (state.promptEndsAt !== promptEndsAt) state.promptEndsAt = promptEndsAt;
    const reveals = game ? revealsField(game.reveals, times.revealEndsAt) : '';
    if (state.reveals !== reveals) state.reveals = reveals;
    if (open) for (const entry of newHistoryEntries(open.campaigns, this.history)) state.log.push(encodeHistoryEntry(entry));
    this.seats.forEach((seat, s) => {
      const playing = open !== null && s < open.players;
      assign(seat, playing ? seatFields(open, s) : NO_SEAT_GAME);
      assign(seat, playing ? secretFields(viewFor(game!, s)) : NO_SECRETS);
    });
  }
}
