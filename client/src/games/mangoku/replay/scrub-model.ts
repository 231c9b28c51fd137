/**
 * A late spectator looking back at a Mangoku game: the model the game screen showed a spectator
 * at each moment between turns, rebuilt from the spectator's model now (the log its view holds;
 * see the protocol's public-history.ts). Public information only, by construction: it reads the
 * log and nothing else, and a spectator's model holds nothing hidden anyway.
 */
import { mangoku } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import type { MangokuModel } from '../model/view-model';

/** The log lengths a spectator may look back to (the moments between turns before now), and the live log's length. */
export interface ScrubRange {
  readonly points: readonly number[];
  readonly last: number;
}

/** Null for a player, in the lobby, or before there is anything to look back to. */
export function scrubRange(vm: MangokuModel): ScrubRange | null {
  if (!vm.isSpectator || !vm.view) return null;
  const log = mangoku.historyLog(vm.view.campaigns);
  const points = mangoku.scrubPoints(log).filter((n) => n < log.length);
  return points.length ? { points, last: log.length } : null;
}

/** The model shown when the log held `entries` entries: one of scrubRange(vm).points, or its last (vm itself). */
export function scrubModel(vm: MangokuModel, entries: number): MangokuModel {
  const range = scrubRange(vm);
  if (range && entries === range.last) return vm;
  if (!range || !range.points.includes(entries)) throw new Error(`scrubModel: cannot look back to ${entries} entries`);
  const view = mangoku.spectatorViewAt(vm.view!, entries);
  return { ...vm, phase: view.step.kind === 'over' ? 'over' : 'play', view, promptEndsAt: null, revealsEndAt: [] };
}

/** Where a look back stands, in words: the campaign, and the turn just played or the deal or end. */
export function scrubLabel(view: mangoku.GameView): string {
  const c = view.campaigns.length;
  const campaign = view.campaigns[c - 1];
  if (!campaign) return t('mangoku.lookBack.beforeDeal');
  if (campaign.end) return t('mangoku.lookBack.end', { n: c });
  if (campaign.turns.length === 0) return t('mangoku.lookBack.deal', { n: c });
  return t('mangoku.lookBack.afterTurn', { n: c, turn: campaign.turns.length });
}
