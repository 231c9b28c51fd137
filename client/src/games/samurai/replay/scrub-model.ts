/**
 * A late spectator looking back: the model the game screen showed a spectator when the log held
 * its first N entries, from the spectator's model now (its log and the pieces on the board).
 * Public information only, by construction: a spectator's model holds nothing else.
 */
import { encodeLogEntry, firstScrubbable, publicPositionAt, summariseLog } from '@samurai/shared';
import type { ViewModel } from '../model/view-model';

/** The log lengths a spectator may look back to (none before the hands are fixed, nor for a player). */
export function scrubRange(vm: ViewModel): { readonly first: number; readonly last: number } | null {
  if (!vm.isSpectator || !vm.view || vm.view.phase === 'hands') return null;
  const packed = vm.log.map(encodeLogEntry);
  return { first: firstScrubbable(packed), last: packed.length };
}

export function scrubModel(vm: ViewModel, entries: number): ViewModel {
  const range = scrubRange(vm);
  if (!range || !Number.isInteger(entries) || entries < range.first || entries > range.last)
    throw new Error(`scrubModel: cannot look back to ${entries} entries`);
  if (entries === range.last) return vm;
  const view = vm.view!;
  const at = publicPositionAt(view.players, vm.log, view.pieces, entries);
  const log = vm.log.slice(0, entries);
  const summary = summariseLog(log.map(encodeLogEntry));
  return {
    ...vm,
    phase: at.phase,
    log,
    drawn: [],
    seats: vm.seats.map((s, i) => ({ ...s, handChosen: true, handCount: at.handCounts[i], stackCount: at.stackCounts[i], captured: at.captured[i] })),
    view: {
      ...view,
      phase: at.phase,
      seat: at.seat,
      hexOwner: summary.board.hexOwner,
      hexTile: summary.board.hexTile,
      pieces: at.pieces,
      supply: at.supply,
      aside: at.aside,
      captured: at.captured,
      handChosen: view.handChosen.map(() => true),
      placements: summary.placements,
      turns: summary.turns,
      turnPlays: summary.turnPlays,
      turnCaptures: summary.turnCaptures,
      passes: summary.passes,
      result: null,
      handCounts: at.handCounts,
      stackCounts: at.stackCounts,
    },
  };
}
