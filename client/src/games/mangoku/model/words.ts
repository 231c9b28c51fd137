/**
 * Mangoku in words: cards, plays, answers, public events, campaign ends and the game's end, as
 * the log, the prompt and the overlays say them. Pure: names come in, sentences go out. The
 * viewer's own seat is "you".
 */
import { mangoku } from '@samurai/shared';

type CardName = mangoku.CardName;
type Target = mangoku.Target;

/** Who is speaking to whom: every seat's name, and the viewer's seat (-1 for a spectator). */
export interface Wording {
  readonly names: readonly string[];
  readonly viewer: number;
}

/** A seat as a sentence names it: "you" for the viewer, else the player's name. */
export function who(w: Wording, seat: number, start = false): string {
  if (seat === w.viewer) return start ? 'You' : 'you';
  return w.names[seat] || `Seat ${seat + 1}`;
}

/** "Ann's", "your". */
export function whose(w: Wording, seat: number, start = false): string {
  if (seat === w.viewer) return start ? 'Your' : 'your';
  return `${who(w, seat)}’s`;
}

/** "was" or "were", agreeing with who(seat). */
export function was(w: Wording, seat: number): string {
  return seat === w.viewer ? 'were' : 'was';
}

/** Seats joined for a sentence: "Ann", "Ann and Ben", "Ann, Ben and you". */
export function list(w: Wording, seats: readonly number[]): string {
  const names = seats.map((s) => who(w, s));
  return names.length <= 1 ? (names[0] ?? 'nobody') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function cardTitle(card: CardName): string {
  return mangoku.CARDS[card].title;
}

/** "a Captain", "an Emperor", "the Kabuki" (one of a kind in every game). */
export function aCard(card: CardName): string {
  const info = mangoku.CARDS[card];
  if (info.count === 1) return `the ${info.title}`;
  return /^[AEIOU]/.test(info.title) ? `an ${info.title}` : `a ${info.title}`;
}

/** Cards as a phrase: "Monk, Captain" (or "no card"). */
export function cardList(cards: readonly CardName[]): string {
  return cards.length ? cards.map(cardTitle).join(', ') : 'no card';
}

/** What a card does when played, in the engine's words; an Ikki has its own line. */
export function effectText(card: CardName, ikki = false): string {
  if (ikki) return `Two Peasants together (Ikki): a ${mangoku.IKKI_BTL} BTL attack on every other player in the campaign.`;
  return mangoku.CARDS[card].effect;
}

function targetWords(w: Wording, targets: readonly Target[]): string {
  if (targets.length === 1 && targets[0] === 'centre') return 'the centre pile';
  return list(w, targets.filter((t): t is number => t !== 'centre'));
}

/** One card put down: "played a Captain at Ben", "played two Peasants: an Ikki". No subject. */
export function playPhrase(w: Wording, node: { card: CardName; ikki?: boolean; targets?: readonly Target[] }, taken: boolean): string {
  const played = taken ? 'played it' : `played ${aCard(node.card)}`;
  if (node.ikki) return taken ? 'played it with a Peasant from the hand: an Ikki on everyone' : 'played two Peasants: an Ikki on everyone';
  const info = mangoku.CARDS[node.card];
  if (node.targets && node.targets.length) {
    const on = node.card === 'princess' ? 'on' : 'at';
    return `${played} ${on} ${targetWords(w, node.targets)}`;
  }
  if (info.target !== 'none') return `${played}, with nobody to aim at: no effect`;
  if (node.card === 'monk') return `${played}: no effect on one’s own turn`;
  if (node.card === 'peasant') return `${played}: alone, no effect`;
  return played;
}

/** How a card was taken: "drew a Kabuki at random from Ben’s hand". No subject. */
export function tookPhrase(w: Wording, taker: CardName, took: CardName, from: Target | 'discard'): string {
  if (taker === 'kabuki') return `took ${aCard(took)} from the discard pile`;
  const hand = typeof from === 'number' ? `${whose(w, from)} hand` : 'a hand';
  return taker === 'teamaster' ? `drew ${aCard(took)} at random from ${hand}` : `took ${aCard(took)} from ${hand}`;
}

/**
 * A turn's chain of plays as one sentence: "Ann played the Tea Master at Ben, drew the Kabuki at
 * random from Ben’s hand and played it, took a Captain from the discard pile and played it at you."
 */
export function chainText(w: Wording, seat: number, chain: readonly mangoku.PlayNode[]): string {
  const parts: string[] = [];
  chain.forEach((node, i) => {
    parts.push(playPhrase(w, node, i > 0));
    if (node.took !== undefined) {
      const from = node.card === 'kabuki' ? 'discard' : (node.targets?.[0] ?? 'discard');
      parts.push(tookPhrase(w, node.card, node.took, from));
    }
  });
  return `${who(w, seat, true)} ${joinParts(parts)}.`;
}

function joinParts(parts: readonly string[]): string {
  // "took X" and the "played it" after it read as one: join those pairs with "and".
  const out: string[] = [];
  for (const part of parts) {
    if (part.startsWith('played it') && out.length) out[out.length - 1] += ` and ${part}`;
    else out.push(part);
  }
  return out.join(', ');
}

/** A record's nested Play as the chain of nodes the turn in progress has. */
export function playToChain(play: mangoku.Play): mangoku.PlayNode[] {
  const chain: mangoku.PlayNode[] = [];
  for (let p: mangoku.Play | undefined = play; p; p = p.then) {
    chain.push({
      card: p.card,
      ...(p.ikki ? { ikki: true as const } : {}),
      ...(p.targets ? { targets: p.targets.slice() } : {}),
      ...(p.took !== undefined && p.then ? { took: p.took } : {}),
    });
  }
  return chain;
}

export const ANSWER_LABELS: Readonly<Record<mangoku.Answer, string>> = {
  monk: 'Play a Monk',
  pay: 'Pay 1 coin',
  defend: 'Defend with my hand',
  accept: 'Accept',
};

/** An answer once public: "Ben played a Monk", "Ben paid 1 coin". */
export function answerText(w: Wording, seat: number, answer: mangoku.Answer): string {
  switch (answer) {
    case 'monk':
      return `${who(w, seat, true)} played a Monk`;
    case 'pay':
      return `${who(w, seat, true)} paid 1 coin`;
    case 'defend':
      return `${who(w, seat, true)} defended with ${seat === w.viewer ? 'your' : 'their'} hand`;
    case 'accept':
      return `${who(w, seat, true)} accepted`;
  }
}

function capital(text: string): string {
  return text.replace(/^./, (c) => c.toUpperCase());
}

/** Who shows whose hand in a reveal: "Ben shows his hand"… as "Ben shows a hand", "you and Cleo show your hands". */
export function revealPhrase(w: Wording, seats: readonly number[], past = false): string {
  const you = seats.includes(w.viewer);
  const one = seats.length === 1;
  const verb = past ? 'showed' : one && !you ? 'shows' : 'show';
  const what = one ? (you ? 'your hand' : 'a hand') : you ? 'your hands' : 'their hands';
  return `${list(w, seats)} ${verb} ${what}`;
}

function coinsWord(n: number): string {
  return n === 1 ? '1 coin' : `${n} coins`;
}

/** A public outcome, as a sentence. */
export function eventText(w: Wording, event: mangoku.GameEvent): string {
  switch (event.type) {
    case 'monk':
      return `${who(w, event.seat, true)} cancelled the effect with a Monk.`;
    case 'paid':
      return `${who(w, event.seat, true)} paid 1 coin into the centre pile and blocked the attack.`;
    case 'blocked':
      return `${who(w, event.seat, true)} blocked the attack with ${event.seat === w.viewer ? 'your' : 'their'} hand.`;
    case 'eliminated':
      return event.cards.length
        ? `${who(w, event.seat, true)} ${was(w, event.seat)} eliminated: ${cardList(event.cards)} face up onto the discard pile.`
        : `${who(w, event.seat, true)} ${was(w, event.seat)} eliminated, with no card left.`;
    case 'discarded':
      return `${who(w, event.seat, true)} discarded ${cardList(event.cards)} and drew anew.`;
    case 'revealed':
      return `${capital(revealPhrase(w, event.seats, true))} to everyone for ${mangoku.REVEAL_SECONDS} seconds.`;
    case 'coins': {
      const n = coinsWord(event.count);
      if (event.to === 'centre') return `${who(w, event.from as number, true)} put ${n} into the centre pile.`;
      if (event.from === 'centre') return `${who(w, event.to, true)} took ${n} from the centre pile.`;
      return `${who(w, event.to, true)} took ${n} from ${who(w, event.from)}.`;
    }
  }
}

/** A hand shown to the viewer alone: after a blocked attack, or a Nobleman's look. */
export function shownText(w: Wording, shown: mangoku.Shown): string {
  const hand = `${whose(w, shown.from, true)} hand`;
  return shown.why === 'blocked'
    ? `${hand} that blocked your attack: ${cardList(shown.cards)} (shown to you only).`
    : `${hand}, seen with the Nobleman: ${cardList(shown.cards)} (shown to you only).`;
}

const REASONS: Readonly<Record<mangoku.CampaignEndReason, string>> = {
  'last-standing': 'one player is left standing',
  emperor: 'the Emperor was played',
  'supply-empty': 'the supply ran out',
};

export function reasonText(reason: mangoku.CampaignEndReason): string {
  return REASONS[reason];
}

/** A draw-off round: "Ann drew a Monk (2 HNR), Ben a Warlord (3 HNR)". */
export function drawOffText(w: Wording, round: mangoku.DrawOffRound): string {
  return round.map((d, i) => `${i === 0 ? `${who(w, d.seat, true)} drew` : who(w, d.seat)} ${aCard(d.card)} (${mangoku.CARDS[d.card].hnr} HNR)`).join(', ');
}

/** Every sentence of a campaign's end, in order: why, honour, each draw-off round, the pot. */
export function campaignEndLines(w: Wording, number: number, summary: mangoku.CampaignSummary): string[] {
  const end = summary.end;
  if (!end) return [];
  const lines = [`Campaign ${number} is over: ${reasonText(end.reason)}.`];
  if (end.honour) {
    const seats = end.honour.flatMap((hnr, s) => (hnr === null ? [] : [s]));
    if (seats.length) lines.push(`Honour in hand: ${seats.map((s) => `${who(w, s)} ${end.honour![s]}`).join(', ')}.`);
  }
  for (const round of summary.drawOff) lines.push(`Draw-off: ${drawOffText(w, round)}.`);
  lines.push(
    end.winner === null
      ? 'Nobody is left: the centre pile stays for the next campaign.'
      : `${who(w, end.winner, true)} ${end.winner === w.viewer ? 'take' : 'takes'} the centre pile: ${coinsWord(end.pot)}.`,
  );
  return lines;
}

/** Places as people say them: 1st, 2nd, 3rd… */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** The game's end: who won, with how many coins, and the draw-off for first place if coins tied. */
export function resultLines(w: Wording, result: mangoku.Result): string[] {
  const [winner] = result.winners;
  const lines: string[] = [];
  for (const round of result.drawOff) lines.push(`Draw-off for first place: ${drawOffText(w, round)}.`);
  lines.push(`${who(w, winner, true)} ${winner === w.viewer ? 'win' : 'wins'} with ${coinsWord(result.coins[winner])}.`);
  return lines;
}

export { coinsWord };
