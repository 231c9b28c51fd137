/**
 * The public history of a game on the wire: `state.log`, one short line per public fact, in the
 * order they happened; it only grows during a game (a rematch starts a new one). A campaign's
 * entries follow its `campaign` entry. Late joiners receive it with the state; clients rebuild
 * the engine's campaign summaries from it (campaignsFromHistory).
 */
import { CardName } from '../cards';
import { formatPlay, parseCard, parsePlay } from '../notation';
import { Answer, ANSWERS, CampaignEnd, CampaignEndReason, CampaignSummary, DrawOffRound, GameEvent, TurnRecord } from '../state';
import { packCards, unpackCards } from './packing';

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

/*
 * Each entry is one short line, in the engine's notation where it has one (plays: see
 * notation.ts), so that a whole game's log stays a few kilobytes:
 *
 *   c 3                                    a campaign, first played by seat 3
 *   t0 teamaster>1 took kabuki / kabuki ; 1a 2d    a turn: seat, play, answers (seat + m/p/d/a)
 *   e4 eliminated 2 bf                     an event of turn 4 (cards packed: packCards)
 *   e4 coins 1 centre 1                    coins: from, to, count
 *   d 0:monk 2:warlord                     a draw-off round: seat:card each
 *   x emperor 2 7 5,-,8                    the end: reason, winner (- for none), pot, honour (- where none)
 */
const ANSWER_LETTERS: Readonly<Record<Answer, string>> = { monk: 'm', pay: 'p', defend: 'd', accept: 'a' };
const LETTER_ANSWERS = Object.fromEntries(ANSWERS.map((a) => [ANSWER_LETTERS[a], a])) as Record<string, Answer>;

const seatOrCentre = (text: string): number | 'centre' => (text === 'centre' ? 'centre' : Number(text));
const seatOrNone = (text: string): number | null => (text === '-' ? null : Number(text));

function encodeEvent(e: GameEvent): string {
  const head = `e${e.turn} ${e.type}`;
  switch (e.type) {
    case 'monk':
    case 'paid':
    case 'blocked':
      return `${head} ${e.seat}`;
    case 'eliminated':
    case 'discarded':
      return `${head} ${e.seat} ${packCards(e.cards)}`;
    case 'coins':
      return `${head} ${e.from} ${e.to} ${e.count}`;
    case 'revealed':
      return `${head} ${e.seats.join(',')}`;
  }
}

function decodeEvent(words: string[]): GameEvent {
  const turn = Number(words[0].slice(1));
  const type = words[1] as GameEvent['type'];
  switch (type) {
    case 'monk':
    case 'paid':
    case 'blocked':
      return { type, turn, seat: Number(words[2]) };
    case 'eliminated':
    case 'discarded':
      return { type, turn, seat: Number(words[2]), cards: unpackCards(words[3] ?? '') };
    case 'coins':
      return { type, turn, from: seatOrCentre(words[2]), to: seatOrCentre(words[3]), count: Number(words[4]) };
    case 'revealed':
      return { type, turn, seats: words[2].split(',').map(Number) };
  }
}

export function encodeHistoryEntry(entry: HistoryEntry): string {
  if ('campaign' in entry) return `c ${entry.campaign}`;
  if ('turn' in entry) {
    const { seat, play, answers } = entry.turn;
    return `t${seat} ${formatPlay(play)}${answers ? ` ; ${answers.map((a) => `${a.seat}${ANSWER_LETTERS[a.answer]}`).join(' ')}` : ''}`;
  }
  if ('event' in entry) return encodeEvent(entry.event);
  if ('drawOff' in entry) return `d ${entry.drawOff.map((d) => `${d.seat}:${d.card}`).join(' ')}`;
  const { reason, winner, pot, honour } = entry.end;
  return `x ${reason} ${winner ?? '-'} ${pot} ${honour ? honour.map((h) => h ?? '-').join(',') : '-'}`;
}

export function decodeHistoryEntry(text: string): HistoryEntry {
  const fail = (): never => {
    throw new Error(`decodeHistoryEntry: "${text}" is not a history entry`);
  };
  const words = text.split(' ');
  switch (text[0]) {
    case 'c':
      return { campaign: Number(words[1]) };
    case 't': {
      const [head, answers] = text.split(' ; ');
      const play = parsePlay(head.slice(head.indexOf(' ') + 1)) ?? fail();
      const turn: TurnRecord = { seat: Number(head.slice(1, head.indexOf(' '))), play };
      if (answers === undefined) return { turn };
      return { turn: { ...turn, answers: answers.split(' ').map((a) => ({ seat: Number(a.slice(0, -1)), answer: LETTER_ANSWERS[a.slice(-1)] ?? fail() })) } };
    }
    case 'e':
      return { event: decodeEvent(words) };
    case 'd':
      return {
        drawOff: words
          .slice(1)
          .map((w) => ({ seat: Number(w.slice(0, w.indexOf(':'))), card: (parseCard(w.slice(w.indexOf(':') + 1)) ?? fail()) as CardName })),
      };
    case 'x': {
      const [, reason, winner, pot, honour] = words;
      return {
        end: {
          reason: reason as CampaignEndReason,
          winner: seatOrNone(winner),
          pot: Number(pot),
          honour: honour === '-' ? null : honour.split(',').map(seatOrNone),
        },
      };
    }
    default:
      return fail();
  }
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
