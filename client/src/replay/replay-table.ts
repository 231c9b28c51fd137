/**
 * The table's part of a replay's model: the seats as the room's history names them, you at the
 * perspective's seat (none for a spectator or everything), nobody host, nobody connected but
 * everybody there. Built by the table's own tableModelOf, so whatever the table's model holds,
 * a replay's holds it too.
 */
import type { ClientTableState } from '@samurai/shared';
import { language } from '../i18n/i18n';
import { tableModelOf, TableModel } from '../table/table-model';
import { ReplayContext, seatOf } from './game-replay';

/**
 * The model last built, and what it was built from: a replay stepping asks for the same one at
 * almost every step (it changes with the phase), and an unnamed seat's name is a translation.
 */
let last: { readonly key: string; readonly seats: ReplayContext['seats']; readonly model: TableModel } | null = null;

export function replayTableModel(gameType: string, phase: string, players: number, yourSeat: number, seats: ReplayContext['seats']): TableModel {
  const key = `${language()}|${gameType}|${phase}|${players}|${yourSeat}`;
  if (last?.key !== key || last.seats !== seats) last = { key, seats, model: buildModel(gameType, phase, players, yourSeat, seats) };
  return last.model;
}

function buildModel(gameType: string, phase: string, players: number, yourSeat: number, seats: ReplayContext['seats']): TableModel {
  // Only the fields tableModelOf reads: the room's own (chat, clocks) stay at their defaults.
  const state = {
    code: 'REPLAY',
    gameType,
    phase,
    // One game throughout: a screen keeps its log and animations across steps.
    game: 1,
    options: { players },
    host: '',
    seats: Array.from({ length: players }, (_, i) => {
      const seat = seatOf(seats, i);
      return { id: `seat${i}`, name: seat.name, colour: seat.colour, kind: seat.bot ? 'bot' : 'human', bot: seat.bot ?? '', connected: true, idle: false };
    }),
    spectators: 0,
    removed: [],
  } as unknown as ClientTableState;
  return tableModelOf(state, yourSeat >= 0 ? { memberId: `seat${yourSeat}`, role: 'player' } : { memberId: '', role: 'spectator' });
}
