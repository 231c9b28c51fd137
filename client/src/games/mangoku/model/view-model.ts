/**
 * Mangoku's view model: the table's model (seats, host, you) and the game as this viewer may see
 * it, rebuilt from the room state after every patch by the protocol's viewFromRoomState (exactly
 * the engine's viewFor on the server). Pure: the same room state and identity give the same model.
 */
import { mangoku, SEAT_ORDERS } from '@samurai/shared';
import { GameModel, Identity, tableModelOf } from '../../../table/table-model';
import { tableOptionsOf } from '../../../table/table-options';

export type { Identity };

export interface MangokuModel extends GameModel<mangoku.RoomOptions> {
  readonly phase: mangoku.RoomPhase;
  /** The game as you may see it; null in the lobby. */
  readonly view: mangoku.GameView | null;
  /** When the pending prompt's time runs out, on the server's clock (ms); null when none is pending. */
  readonly promptEndsAt: number | null;
  /** For each reveal of view.reveals, when it is hidden (the server's clock). */
  readonly revealsEndAt: readonly number[];
}

function oneOf<T extends string | number>(values: readonly T[], value: unknown, fallback: T): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

export function optionsOf(state: mangoku.ClientRoomState): mangoku.RoomOptions {
  const o = state.options;
  const d = mangoku.DEFAULT_ROOM_OPTIONS;
  return {
    players: oneOf(mangoku.PLAYER_COUNTS, o.players, d.players),
    botLevel: oneOf(mangoku.BOT_LEVELS, o.botLevel, d.botLevel),
    seatOrder: oneOf(SEAT_ORDERS, o.seatOrder, d.seatOrder),
    botDelayMs: o.botDelayMs,
    ...tableOptionsOf(o),
    promptSeconds: oneOf(mangoku.PROMPT_SECONDS_CHOICES, o.promptSeconds, d.promptSeconds),
  };
}

export function buildViewModel(state: mangoku.ClientRoomState, identity: Identity): MangokuModel {
  const table = tableModelOf(state, identity);
  const phase = oneOf(mangoku.ROOM_PHASES, state.phase, 'lobby');
  const room = phase === 'lobby' ? null : mangoku.viewFromRoomState(state, table.yourSeat >= 0 ? table.yourSeat : 'spectator');
  return {
    ...table,
    phase,
    options: optionsOf(state),
    view: room?.view ?? null,
    promptEndsAt: room?.promptEndsAt ?? null,
    revealsEndAt: room?.revealsEndAt ?? [],
  };
}
