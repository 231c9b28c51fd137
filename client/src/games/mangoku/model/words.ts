/**
 * Mangoku in words: cards, plays, answers, public events, campaign ends and the game's end, as
 * the log, the prompt and the overlays say them, in the interface's language. Names come in,
 * sentences go out, built from the structured events when shown. The viewer's own seat is "you":
 * a sentence whose subject is the viewer takes its `_you` form (the verb agrees in every language).
 */
import { mangoku } from '@samurai/shared';
import { language, listOf, t } from '../../../i18n/i18n';

type CardName = mangoku.CardName;
type Target = mangoku.Target;

/** Who is speaking to whom: every seat's name, and the viewer's seat (-1 for a spectator). */
export interface Wording {
  readonly names: readonly string[];
  readonly viewer: number;
}

/** The context that picks a sentence's "you" form when the viewer is its subject. */
export function youContext(w: Wording, seat: number): 'you' | undefined {
  return seat === w.viewer ? 'you' : undefined;
}

/** A seat's name alone ("Seat 3" for one without a name). */
export function nameOf(w: Wording, seat: number): string {
  return w.names[seat] || t('mangoku.seat', { n: seat + 1 });
}

/** A seat as a sentence names it: "you" for the viewer, else the player's name. */
export function who(w: Wording, seat: number, start = false): string {
  if (seat === w.viewer) return start ? t('mangoku.youStart') : t('mangoku.you');
  return nameOf(w, seat);
}

/** A seat named alone in a list ("Ann 3, you 2"): "you" in the form a list takes. */
function named(w: Wording, seat: number): string {
  return seat === w.viewer ? t('mangoku.youInList') : nameOf(w, seat);
}

/** "Ann's hand", "your hand". */
export function handOf(w: Wording, seat: number, start = false): string {
  const text = t('mangoku.hand', { name: nameOf(w, seat), context: youContext(w, seat) });
  return start ? capitalised(text) : text;
}

/** "Ann's turn", "Your turn". */
export function turnOf(w: Wording, seat: number): string {
  return capitalised(t('mangoku.turnOf', { name: nameOf(w, seat), context: youContext(w, seat) }));
}

/** "Ann's Warlord", "your Ikki": a card someone played, as a prompt's subject. */
export function cardOf(w: Wording, seat: number, card: CardName, ikki: boolean, start = false): string {
  const text = t('mangoku.cardOf', { name: nameOf(w, seat), card: ikki ? t('mangoku.ikki') : cardTitle(card), context: youContext(w, seat) });
  return start ? capitalised(text) : text;
}

export function capitalised(text: string): string {
  return text.replace(/^./, (c) => c.toUpperCase());
}

/** Seats joined for a sentence: "Ann", "Ann and Ben", "Ann, Ben and you". */
export function list(w: Wording, seats: readonly number[]): string {
  return joined(seats.map((s) => who(w, s)));
}

/** Words joined: "a", "a and b", "a, b and c" (or "nobody"). */
export function joined(words: readonly string[]): string {
  return words.length ? listOf(words) : t('mangoku.nobody');
}

export function cardTitle(card: CardName): string {
  return t(`mangoku.cards.${card}.title`);
}

/** "a Captain", "an Emperor", "the Kabuki" (one of a kind in every game), as an object. */
export function aCard(card: CardName): string {
  return t(`mangoku.cards.${card}.a`);
}

/** The same as a sentence's subject ("the Warlord" in English; other languages may differ). */
export function aCardSubject(card: CardName): string {
  return t(`mangoku.cards.${card}.subject`);
}

/** Cards as a phrase: "Monk, Captain" (or "no card"). */
export function cardList(cards: readonly CardName[]): string {
  return cards.length ? cards.map(cardTitle).join(t('mangoku.comma')) : t('mangoku.noCard');
}

/** What a card does when played; an Ikki has its own line. */
export function effectText(card: CardName, ikki = false): string {
  if (ikki) return t('mangoku.ikkiEffect', { btl: mangoku.IKKI_BTL });
  return t(`mangoku.cards.${card}.effect`);
}

function targetWords(w: Wording, targets: readonly Target[]): string {
  if (targets.length === 1 && targets[0] === 'centre') return t('mangoku.centrePile');
  return list(
    w,
    targets.filter((target): target is number => target !== 'centre'),
  );
}

/** One part of a turn's sentence; `then` parts ("and played it") join the part before them. */
interface Part {
  readonly text: string;
  readonly then: boolean;
}

/** One card put down: "played a Captain at Ben", "played two Peasants: an Ikki". No subject. */
function playPart(w: Wording, seat: number, node: { card: CardName; ikki?: boolean; targets?: readonly Target[] }, taken: boolean): Part {
  const context = youContext(w, seat);
  const part = (text: string): Part => ({ text, then: taken });
  if (node.ikki) return part(t(taken ? 'mangoku.play.ikkiTaken' : 'mangoku.play.ikki', { context }));
  const played = taken ? t('mangoku.play.it', { context }) : t('mangoku.play.card', { card: aCard(node.card), context });
  const info = mangoku.CARDS[node.card];
  if (node.targets && node.targets.length) {
    return part(t(node.card === 'princess' ? 'mangoku.play.on' : 'mangoku.play.at', { played, targets: targetWords(w, node.targets) }));
  }
  if (info.target !== 'none') return part(t('mangoku.play.noTarget', { played }));
  if (node.card === 'monk') return part(t('mangoku.play.monkOwn', { played }));
  if (node.card === 'peasant') return part(t('mangoku.play.peasantAlone', { played }));
  return part(played);
}

/** How a card was taken: "drew a Kabuki at random from Ben’s hand". No subject. */
function tookPart(w: Wording, seat: number, taker: CardName, took: CardName, from: Target | 'discard'): Part {
  const context = youContext(w, seat);
  if (taker === 'kabuki') return { text: t('mangoku.took.discard', { card: aCard(took), context }), then: false };
  const hand = typeof from === 'number' ? handOf(w, from) : t('mangoku.took.aHand');
  return { text: t(taker === 'teamaster' ? 'mangoku.took.random' : 'mangoku.took.from', { card: aCard(took), hand, context }), then: false };
}

/**
 * A turn's chain of plays as one sentence: "Ann played the Tea Master at Ben, drew the Kabuki at
 * random from Ben’s hand and played it, took a Captain from the discard pile and played it at you."
 */
export function chainText(w: Wording, seat: number, chain: readonly mangoku.PlayNode[]): string {
  const parts: Part[] = [];
  chain.forEach((node, i) => {
    parts.push(playPart(w, seat, node, i > 0));
    if (node.took !== undefined) {
      const from = node.card === 'kabuki' ? 'discard' : (node.targets?.[0] ?? 'discard');
      parts.push(tookPart(w, seat, node.card, node.took, from));
    }
  });
  // "took X" and the "played it" after it read as one: those pairs are joined with "and".
  const out: string[] = [];
  for (const part of parts) {
    if (part.then && out.length) out[out.length - 1] = t('mangoku.then', { first: out[out.length - 1], then: part.text });
    else out.push(part.text);
  }
  return t('mangoku.chain', { name: nameOf(w, seat), parts: out.join(t('mangoku.comma')), context: youContext(w, seat) });
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

/** An answer as its button says it: "Play a Monk", "Pay 1 coin". */
export function answerLabel(answer: mangoku.Answer): string {
  return t(`mangoku.answers.${answer}`);
}

/** An answer once public: "Ben played a Monk", "Ben paid 1 coin" (no full stop). */
export function answerText(w: Wording, seat: number, answer: mangoku.Answer): string {
  return t(`mangoku.answered.${answer}`, { name: nameOf(w, seat), context: youContext(w, seat) });
}

/** Who shows whose hand in a reveal: "Ben shows a hand", "you and Cleo show your hands". */
export function revealPhrase(w: Wording, seats: readonly number[], past = false): string {
  const you = seats.includes(w.viewer);
  const kind = seats.length === 1 ? (you ? 'you' : 'one') : you ? 'severalYou' : 'several';
  // You among others come last: "Yuki, Ben and you showed your hands".
  const order = you ? [...seats.filter((s) => s !== w.viewer), w.viewer] : seats;
  // The subject's form of "you" ("du", not "dich").
  return t(`mangoku.${past ? 'revealed' : 'reveal'}.${kind}`, { names: joined(order.map((s) => named(w, s))) });
}

export function coinsWord(n: number): string {
  return t('mangoku.coins', { count: n });
}

/** A public outcome, as a sentence. */
export function eventText(w: Wording, event: mangoku.GameEvent): string {
  switch (event.type) {
    case 'monk':
    case 'paid':
    case 'blocked':
      return t(`mangoku.event.${event.type}`, { name: nameOf(w, event.seat), context: youContext(w, event.seat) });
    case 'eliminated':
      return event.cards.length
        ? t('mangoku.event.eliminated', { name: nameOf(w, event.seat), cards: cardList(event.cards), context: youContext(w, event.seat) })
        : t('mangoku.event.eliminatedEmpty', { name: nameOf(w, event.seat), context: youContext(w, event.seat) });
    case 'discarded':
      return t('mangoku.event.discarded', { name: nameOf(w, event.seat), cards: cardList(event.cards), context: youContext(w, event.seat) });
    case 'revealed':
      return t('mangoku.event.revealed', { shown: capitalised(revealPhrase(w, event.seats, true)), seconds: mangoku.REVEAL_SECONDS });
    case 'coins': {
      const coins = coinsWord(event.count);
      if (event.to === 'centre')
        return t('mangoku.event.toCentre', { name: nameOf(w, event.from as number), coins, context: youContext(w, event.from as number) });
      if (event.from === 'centre') return t('mangoku.event.fromCentre', { name: nameOf(w, event.to), coins, context: youContext(w, event.to) });
      if (event.from === w.viewer) return t('mangoku.event.tookFromYou', { name: nameOf(w, event.to), coins });
      return t('mangoku.event.took', { name: nameOf(w, event.to), coins, from: who(w, event.from), context: youContext(w, event.to) });
    }
  }
}

/** A hand shown to the viewer alone: after a blocked attack, or a Nobleman's look. */
export function shownText(w: Wording, shown: mangoku.Shown): string {
  const vars = { hand: handOf(w, shown.from, true), cards: cardList(shown.cards) };
  return shown.why === 'blocked' ? t('mangoku.shown.blocked', vars) : t('mangoku.shown.nobleman', vars);
}

const REASON_KEYS: Readonly<Record<mangoku.CampaignEndReason, 'lastStanding' | 'emperor' | 'supplyEmpty'>> = {
  'last-standing': 'lastStanding',
  emperor: 'emperor',
  'supply-empty': 'supplyEmpty',
};

export function reasonText(reason: mangoku.CampaignEndReason): string {
  return t(`mangoku.reasons.${REASON_KEYS[reason]}`);
}

/** A draw-off round: "Ann drew a Monk (2 HNR), Ben a Warlord (3 HNR)". */
export function drawOffText(w: Wording, round: mangoku.DrawOffRound): string {
  return round
    .map((d, i) => {
      const vars = { name: nameOf(w, d.seat), card: aCard(d.card), hnr: mangoku.CARDS[d.card].hnr, context: youContext(w, d.seat) };
      return i === 0 ? t('mangoku.drawOff.first', vars) : t('mangoku.drawOff.next', { ...vars, name: named(w, d.seat) });
    })
    .join(t('mangoku.comma'));
}

/** Every sentence of a campaign's end, in order: why, honour, each draw-off round, the pot. */
export function campaignEndLines(w: Wording, number: number, summary: mangoku.CampaignSummary): string[] {
  const end = summary.end;
  if (!end) return [];
  const lines = [t('mangoku.campaignEnd.over', { n: number, reason: reasonText(end.reason) })];
  if (end.honour) {
    const seats = end.honour.flatMap((hnr, s) => (hnr === null ? [] : [s]));
    if (seats.length) lines.push(t('mangoku.campaignEnd.honour', { list: seats.map((s) => `${named(w, s)} ${end.honour![s]}`).join(t('mangoku.comma')) }));
  }
  for (const round of summary.drawOff) lines.push(t('mangoku.campaignEnd.drawOff', { text: drawOffText(w, round) }));
  lines.push(
    end.winner === null
      ? t('mangoku.campaignEnd.nobodyLeft')
      : t('mangoku.campaignEnd.takesPot', { name: nameOf(w, end.winner), coins: coinsWord(end.pot), context: youContext(w, end.winner) }),
  );
  return lines;
}

/** Places as people say them: 1st, 2nd, 3rd… (the language's own ordinal forms). */
export function ordinal(n: number): string {
  const form = new Intl.PluralRules(language(), { type: 'ordinal' }).select(n);
  const key = form === 'one' || form === 'two' || form === 'few' ? form : 'other';
  return t(`mangoku.ordinal.${key}`, { n });
}

/** The game's end: who won, with how many coins, and the draw-off for first place if coins tied. */
export function resultLines(w: Wording, result: mangoku.Result): string[] {
  const [winner] = result.winners;
  const lines: string[] = [];
  for (const round of result.drawOff) lines.push(t('mangoku.result.drawOff', { text: drawOffText(w, round) }));
  lines.push(t('mangoku.result.wins', { name: nameOf(w, winner), coins: coinsWord(result.coins[winner]), context: youContext(w, winner) }));
  return lines;
}
