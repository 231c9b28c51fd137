/**
 * Text notation that round-trips (`parseX(formatX(x))` equals `x`), so fixtures fit on a line:
 *
 *   play      emperor   captain>2   commander>1,3   princess>centre   ikki (two Peasants)
 *   played    teamaster>1 took kabuki / kabuki took captain / captain>2   (a Play with what it took)
 *   move      0 captain>2   1 answer monk   2 answer defend   0 take kabuki
 *   chance    deal peasant,monk,…   pick captain   drawoff warlord,monk,…
 *   position  see formatPosition
 */
import { CardName, insertCard, isCardName, isPlayerCount } from './cards';
import { newGame } from './setup';
import { Answer, ANSWERS, Chance, GameState, Move, Play, PlayChoice, Step, Table, Target } from './state';

export function parseCard(text: string): CardName | null {
  return isCardName(text) ? text : null;
}

function formatTargets(targets: readonly Target[] | undefined): string {
  return targets ? `>${targets.join(',')}` : '';
}

function parseTarget(text: string): Target | null {
  if (text === 'centre') return 'centre';
  return /^\d$/.test(text) ? Number(text) : null;
}

export function formatPlayChoice(play: PlayChoice): string {
  if (play.ikki) return 'ikki';
  return `${play.card}${formatTargets(play.targets)}`;
}

export function parsePlayChoice(text: string): PlayChoice | null {
  if (text === 'ikki') return { card: 'peasant', ikki: true };
  const [card, targetText, extra] = text.split('>');
  if (extra !== undefined || !isCardName(card)) return null;
  if (targetText === undefined) return { card };
  const targets = targetText.split(',').map(parseTarget);
  if (targets.some((t) => t === null)) return null;
  return { card, targets: targets as Target[] };
}

/** A play with the cards it took and their plays, one segment per card. */
export function formatPlay(play: Play): string {
  const head = formatPlayChoice(play);
  return play.took !== undefined && play.then ? `${head} took ${play.took} / ${formatPlay(play.then)}` : head;
}

export function parsePlay(text: string): Play | null {
  const segments = text.trim().split(/\s+\/\s+/);
  let result: Play | null = null;
  for (let i = segments.length - 1; i >= 0; i--) {
    const words = segments[i].split(/\s+/);
    const last = i === segments.length - 1;
    if (last ? words.length !== 1 : words.length !== 3 || words[1] !== 'took' || !isCardName(words[2])) return null;
    const choice = parsePlayChoice(words[0]);
    if (!choice) return null;
    result = last ? choice : { ...choice, took: words[2] as CardName, then: result! };
  }
  return result;
}

export function formatMove(move: Move): string {
  switch (move.type) {
    case 'play':
      return `${move.seat} ${formatPlayChoice(move.play)}`;
    case 'answer':
      return `${move.seat} answer ${move.answer}`;
    case 'take':
      return `${move.seat} take ${move.card}`;
  }
}

export function parseMove(text: string): Move | null {
  const match = /^\s*(\d)\s+(\S+)(?:\s+(\S+))?\s*$/.exec(text);
  if (!match) return null;
  const seat = Number(match[1]);
  const [, , word, rest] = match;
  if (word === 'answer') return rest !== undefined && (ANSWERS as readonly string[]).includes(rest) ? { type: 'answer', seat, answer: rest as Answer } : null;
  if (word === 'take') return rest !== undefined && isCardName(rest) ? { type: 'take', seat, card: rest } : null;
  if (rest !== undefined) return null;
  const play = parsePlayChoice(word);
  return play ? { type: 'play', seat, play } : null;
}

export function formatChance(chance: Chance): string {
  switch (chance.type) {
    case 'deal':
      return `deal ${chance.deck.join(',')}`;
    case 'pick':
      return `pick ${chance.card}`;
    case 'drawOff':
      return `drawoff ${chance.deck.join(',')}`;
  }
}

export function parseChance(text: string): Chance | null {
  const words = text.trim().split(/\s+/);
  if (words.length !== 2) return null;
  const [word, rest] = words;
  if (word === 'pick') return isCardName(rest) ? { type: 'pick', card: rest } : null;
  if (word !== 'deal' && word !== 'drawoff') return null;
  const deck = rest.split(',');
  if (!deck.every(isCardName)) return null;
  return word === 'deal' ? { type: 'deal', deck } : { type: 'drawOff', deck };
}

function formatStep(table: Table): string | null {
  const step: Step = table.step;
  switch (step.kind) {
    case 'play':
      return step.source === 'taken' ? `wait play ${step.seat} taken ${table.taken ?? '?'}` : null;
    case 'answer': {
      const p = step.prompt;
      const answers = table.answers.map((a) => a ?? '-').join(',');
      return `wait answer ${p.card} by ${p.by}${p.attack ? ` btl ${p.btl}` : ''} asks ${p.seats.join(',')} answers ${answers}`;
    }
    case 'pick':
      return `wait pick ${step.seat} from ${step.from}`;
    case 'take':
      return `wait take ${step.seat} from ${step.from} options ${step.options ? step.options.join(',') : '?'}`;
    case 'drawOff':
      return `wait drawoff ${step.seats.join(',')} for ${step.for}`;
    case 'deal':
      return 'wait deal';
    case 'over':
      return 'over';
  }
}

function seatsWhere(flags: readonly boolean[], value: boolean): number[] {
  return flags.flatMap((f, s) => (f === value ? [s] : []));
}

/**
 * A position on one line; sections are separated by `;`, empty ones omitted:
 *
 *   3p; turn 0; first 0; coins 4 4 4; centre 2; out 1; hand0 captain monk peasant;
 *   hand1 peasant bandit; supply ninja merchant; bottom warlord; discard monk; gone 2;
 *   played 0 1; lastturn; wait answer captain by 0 btl 3 asks 1 answers -
 *
 * turn: the active seat; out: coins that left the game; supply top first; bottom: the face-down
 * card under the discard pile; discard: face-up cards, oldest first; gone: seats out of the
 * campaign; played: seats that have begun a turn this campaign; lastturn: the turn began with
 * nothing to draw; wait: what the game waits for, when it is not the active seat's play.
 */
export function formatPosition(table: Table & { supply?: readonly CardName[]; bottom?: CardName | null }): string {
  const sections = [
    `${table.players}p`,
    `turn ${table.active}`,
    `first ${table.first}`,
    `coins ${table.coins.join(' ')}`,
    `centre ${table.centre}`,
    `out ${table.coinsOut}`,
  ];
  table.hands.forEach((hand, s) => hand && hand.length && sections.push(`hand${s} ${hand.join(' ')}`));
  if (table.supply?.length) sections.push(`supply ${table.supply.join(' ')}`);
  if (table.bottom) sections.push(`bottom ${table.bottom}`);
  if (table.discard.length) sections.push(`discard ${table.discard.join(' ')}`);
  const gone = seatsWhere(table.inCampaign, false);
  if (gone.length) sections.push(`gone ${gone.join(' ')}`);
  const played = seatsWhere(table.hadTurn, true);
  if (played.length) sections.push(`played ${played.join(' ')}`);
  if (table.lastTurn) sections.push('lastturn');
  const step = formatStep(table);
  if (step) sections.push(step);
  return sections.join('; ');
}

/**
 * A game state at the active seat's play (after its draw) from formatPosition's notation.
 * Positions are fixtures written by people, so a malformed one throws naming the bad part.
 * `played` defaults to the active seat alone; `first` to the active seat.
 */
export function parsePosition(text: string): GameState {
  const [head, ...sections] = text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  const players = Number(/^(\d)p$/.exec(head ?? '')?.[1]);
  if (!isPlayerCount(players)) throw new Error(`position: the head "${head}" is not like "3p"`);
  const state = newGame({ players }, 0);
  const seat = (w: string, what: string) => {
    const s = Number(w);
    if (!/^\d$/.test(w) || s >= players) throw new Error(`position: ${what} names no seat "${w}"`);
    return s;
  };
  const cards = (words: string[], what: string) =>
    words.map((w) => {
      if (!isCardName(w)) throw new Error(`position: ${what} names an unknown card ${w}`);
      return w;
    });
  const count = (words: string[], what: string) => {
    if (words.length !== 1 || !/^\d+$/.test(words[0])) throw new Error(`position: ${what} "${words.join(' ')}"`);
    return Number(words[0]);
  };
  let active = -1;
  let first: number | null = null;
  let played: number[] | null = null;
  state.inCampaign = state.inCampaign.map(() => true);
  for (const section of sections) {
    const [key, ...words] = section.split(/\s+/);
    if (key === 'turn') active = seat(words.join(' '), key);
    else if (key === 'first') first = seat(words.join(' '), key);
    else if (key === 'coins') {
      if (words.length !== players || words.some((w) => !/^\d+$/.test(w))) throw new Error(`position: coins "${words.join(' ')}"`);
      state.coins = words.map(Number);
    } else if (key === 'centre') state.centre = count(words, key);
    else if (key === 'out') state.coinsOut = count(words, key);
    else if (/^hand\d$/.test(key)) {
      const hand: CardName[] = [];
      for (const c of cards(words, key)) insertCard(hand, c);
      state.hands[seat(key.slice(4), key)] = hand;
    } else if (key === 'supply') state.supply = cards(words, key);
    else if (key === 'bottom') state.bottom = cards(words, key)[0] ?? null;
    else if (key === 'discard') state.discard = cards(words, key);
    else if (key === 'gone') for (const w of words) state.inCampaign[seat(w, key)] = false;
    else if (key === 'played') played = words.map((w) => seat(w, key));
    else if (key === 'lastturn' && words.length === 0) state.lastTurn = true;
    else throw new Error(`position: unknown section "${section}"`);
  }
  if (active < 0) throw new Error('position: no "turn" section');
  state.first = first ?? active;
  state.active = active;
  state.hadTurn = state.hadTurn.map((_, s) => (played ?? [active]).includes(s));
  state.campaigns.push({ first: state.first, deck: [], turns: [], events: [], drawOff: [], drawOffDecks: [], end: null });
  state.turn = { seat: active, chain: [], answers: [] };
  state.step = { kind: 'play', seat: active, source: 'hand' };
  return state;
}
