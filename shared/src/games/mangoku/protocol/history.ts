/**
 * The public history of a game on the wire: `state.log`, one JSON entry per public fact, in the
 * order they happened; it only grows during a game (a rematch starts a new one). A campaign's
 * entries follow its `campaign` entry. Late joiners receive it with the state; clients rebuild
 * the engine's campaign summaries from it (campaignsFromHistory).
 */
import { CampaignEnd, CampaignSummary, DrawOffRound, GameEvent, TurnRecord } from '../state';

export type HistoryEntry =
  /** A campaign was dealt; `campaign` is its first player. */
  | { readonly campaign: number }
  /** A turn was played (its plays, what they took, every answer given), as game records write it. */
  | { readonly turn: TurnRecord }
  /** A public outcome of an effect (a Monk, a coin, a block, an elimination, coins moving, a reveal). */
  | { readonly event: GameEvent }
  /** A round of the campaign's honour draw-off. */
  | { readonly drawOff: DrawOffRound }
  /** The campaign ended. */
  | { readonly end: CampaignEnd };

export function encodeHistoryEntry(entry: HistoryEntry): string {
  return JSON.stringify(entry);
}

export function decodeHistoryEntry(text: string): HistoryEntry {
  return JSON.parse(text) as HistoryEntry;
}

/** How much of a game's campaigns the log already holds (the server's mirror keeps one per room). */
export interface HistoryCursor {
  /** Index of the last campaign logged (-1: none yet), and how much of it is logged. */
  campaign: number;
  turns: number;
  events: number;
  drawOff: number;
  ended: boolean;
}

export function newHistoryCursor(): HistoryCursor {
  return { campaign: -1, turns: 0, events: 0, drawOff: 0, ended: false };
}

/**
 * The entries `campaigns` (a view's, or the state's) holds beyond `cursor`, which moves past them.
 * Campaigns only grow: turns, events and draw-off rounds are appended, an end is set once.
 */
export function newHistoryEntries(campaigns: readonly CampaignSummary[], cursor: HistoryCursor): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (let c = Math.max(cursor.campaign, 0); c < campaigns.length; c++) {
    const campaign = campaigns[c];
    if (c > cursor.campaign) {
      entries.push({ campaign: campaign.first });
      Object.assign(cursor, { campaign: c, turns: 0, events: 0, drawOff: 0, ended: false });
    }
    for (; cursor.events < campaign.events.length; cursor.events++) entries.push({ event: campaign.events[cursor.events] });
    for (; cursor.turns < campaign.turns.length; cursor.turns++) entries.push({ turn: campaign.turns[cursor.turns] });
    for (; cursor.drawOff < campaign.drawOff.length; cursor.drawOff++) entries.push({ drawOff: campaign.drawOff[cursor.drawOff] });
    if (campaign.end && !cursor.ended) {
      entries.push({ end: campaign.end });
      cursor.ended = true;
    }
  }
  return entries;
}

type Building = { first: number; turns: TurnRecord[]; events: GameEvent[]; drawOff: DrawOffRound[]; end: CampaignEnd | null };

/** The campaigns as the engine's views summarise them, from the log's entries. */
export function campaignsFromHistory(entries: ArrayLike<string>): CampaignSummary[] {
  const campaigns: Building[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = decodeHistoryEntry(entries[i]);
    if ('campaign' in entry) {
      campaigns.push({ first: entry.campaign, turns: [], events: [], drawOff: [], end: null });
      continue;
    }
    const current = campaigns[campaigns.length - 1];
    if (!current) throw new Error(`campaignsFromHistory: entry ${i} comes before any campaign`);
    if ('turn' in entry) current.turns.push(entry.turn);
    else if ('event' in entry) current.events.push(entry.event);
    else if ('drawOff' in entry) current.drawOff.push(entry.drawOff);
    else current.end = entry.end;
  }
  return campaigns;
}
