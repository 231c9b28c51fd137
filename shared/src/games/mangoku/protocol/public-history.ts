/**
 * A late spectator looking back through a Mangoku game: the room state a spectator was sent at an
 * earlier moment, rebuilt from the public log alone (the room state's `log`), so it cannot show
 * anything hidden. The moments are those between turns: each campaign's deal, the end of each
 * turn (the next player has drawn) and each campaign's end. The log replays forward through the
 * rules' public arithmetic: coins from its events and ends, cards counted in hands and the supply
 * (deals, draws, refills, cards played, taken and discarded), the face-up discard pile from the
 * cards played and the hands thrown on it, who is in the campaign and whose turn it is.
 *
 * One public fact is left out: a Shrine Maiden's reveal. Its hands were on show for everyone for
 * REVEAL_SECONDS, but the log keeps only who showed them, and a spectator who arrived later was
 * never sent the cards; looking back shows no reveal rather than ask the server for it.
 */
import { CardName, CARDS, cardsInPlay, distinctCards, PlayerCount, removeCard, startingCoins } from '../cards';
import { HAND_SIZE, inSeatOrderFrom, seatAfter } from '../hands';
import { GameView } from '../projection';
import { AnswerRecord, CampaignEnd, CampaignSummary, GameEvent, Play, Step, Target, TurnInProgress, TurnRecord } from '../state';
import { campaignsFromHistory, decodeHistoryEntry, encodeHistoryEntry, HistoryEntry } from './history';
import { packCards } from './packing';
import { ClientRoomState, ClientSeatState } from './room-state';

/** What a spectator saw of the game at a moment between turns (besides the log, which gives the campaigns). */
export interface PublicPosition {
  readonly coins: number[];
  readonly centre: number;
  readonly coinsOut: number;
  readonly first: number;
  /** Whose turn it is; -1 between campaigns. */
  readonly active: number;
  readonly lastTurn: boolean;
  readonly inCampaign: boolean[];
  readonly hadTurn: boolean[];
  readonly handCounts: number[];
  readonly supplyCount: number;
  /** The face-up discard pile, oldest first. */
  readonly discard: CardName[];
  /** 'play' (the active player's turn has begun), 'deal' (a campaign has ended) or 'over' (the game has). */
  readonly step: Step;
  readonly turn: TurnInProgress | null;
  readonly faceDownCount: number;
}

/**
 * The log lengths a spectator may look back to: just after each campaign's deal, each turn (unless
 * the campaign's end follows in the same change) and each campaign's end. A room writes each of
 * these in one change, so each is a moment a spectator was sent; the last is the log's length
 * when the log ends between turns.
 */
export function scrubPoints(log: ArrayLike<string>): number[] {
  const points: number[] = [];
  for (let i = 0; i < log.length; i++) {
    const kind = log[i][0];
    const next = i + 1 < log.length ? log[i + 1][0] : '';
    if (kind === 'c' || kind === 'x' || (kind === 't' && next !== 'd' && next !== 'x')) points.push(i + 1);
  }
  return points;
}

/** The play's chain, top-level card first: each later node is the play of the card the one before took. */
function chainOf(play: Play): Play[] {
  const chain: Play[] = [];
  for (let p: Play | undefined = play; p; p = p.then) chain.push(p);
  return chain;
}

/** The public game, played forward entry by entry, exactly as the engine's turn, reactions and effects do it. */
class PublicGame {
  readonly coins: number[];
  centre = 0;
  coinsOut = 0;
  first: number;
  active = -1;
  lastTurn = false;
  inCampaign: boolean[];
  hadTurn: boolean[];
  hands: number[];
  supply = 0;
  discard: CardName[] = [];
  bottom = false;
  stage: 'play' | 'ending' | 'deal' | 'over' = 'deal';
  /** The campaign's turns so far, and the events of the turn being played (the log writes them before its turn). */
  private turns = 0;
  private events: GameEvent[] = [];
  private emperor = false;

  constructor(
    readonly players: PlayerCount,
    firstSeat: number,
  ) {
    const seats = Array.from({ length: players }, () => 0);
    this.coins = seats.map(() => startingCoins(players));
    this.first = firstSeat;
    this.inCampaign = seats.map(() => false);
    this.hadTurn = seats.map(() => false);
    this.hands = seats.slice();
  }

  apply(text: string): void {
    const entry = decodeHistoryEntry(text);
    if ('campaign' in entry) this.deal(entry.campaign);
    else if ('event' in entry) {
      if (entry.event.turn !== this.turns) broken(`an event of turn ${entry.event.turn} during turn ${this.turns}`);
      this.events.push(entry.event);
    } else if ('turn' in entry) this.playTurn(entry.turn);
    else if ('end' in entry) this.endCampaign(entry.end);
    // A draw-off round changes nothing a spectator sees but the log.
  }

  position(): PublicPosition {
    const step: Step =
      this.stage === 'play' ? { kind: 'play', seat: this.active, source: 'hand' } : this.stage === 'over' ? { kind: 'over' } : { kind: 'deal' };
    if (this.stage === 'ending') broken('a campaign that ended without its end');
    return {
      coins: this.coins.slice(),
      centre: this.centre,
      coinsOut: this.coinsOut,
      first: this.first,
      active: this.active,
      lastTurn: this.lastTurn,
      inCampaign: this.inCampaign.slice(),
      hadTurn: this.hadTurn.slice(),
      handCounts: this.hands.slice(),
      supplyCount: this.supply,
      discard: this.discard.slice(),
      step,
      turn: this.stage === 'play' ? { seat: this.active, chain: [], answers: [] } : null,
      faceDownCount: this.bottom && this.stage !== 'deal' ? 1 : 0,
    };
  }

  /** dealCampaign: 2 cards each, one face down under the discard pile, the rest the supply; everyone antes, one coin leaves. */
  private deal(first: number): void {
    const n = this.players;
    this.hands.fill(HAND_SIZE);
    for (let s = 0; s < n; s++) this.coins[s]--;
    this.supply = cardsInPlay(this.players).length - HAND_SIZE * n - 1;
    this.bottom = true;
    this.discard = [];
    this.centre += n - 1;
    this.coinsOut++;
    this.inCampaign.fill(true);
    this.hadTurn.fill(false);
    this.turns = 0;
    this.events = [];
    this.first = first;
    this.startTurn(first);
  }

  private startTurn(seat: number): void {
    this.active = seat;
    this.hadTurn[seat] = true;
    this.emperor = false;
    this.lastTurn = this.supply === 0;
    if (!this.lastTurn) this.draw(seat);
    this.stage = 'play';
  }

  private draw(seat: number): void {
    this.hands[seat]++;
    this.supply--;
  }

  /** The turn's plays, in the order the engine carries them out, taking its events as they come. */
  private playTurn(turn: TurnRecord): void {
    if (this.stage !== 'play' || turn.seat !== this.active) broken(`a turn of seat ${turn.seat} while ${this.active} is to play`);
    const answers = (turn.answers ?? []).slice();
    const chain = chainOf(turn.play);
    chain.forEach((node, i) => {
      // playCard: from the hand (a taken card was never in it), onto the discard pile, then the player refills.
      this.hands[turn.seat] -= (i === 0 ? 1 : 0) + (node.ikki ? 1 : 0);
      this.discard.push(node.card);
      if (node.ikki) this.discard.push('peasant');
      this.refill(turn.seat);
      this.effect(node, answers);
    });
    if (answers.length) broken(`answers left over: ${JSON.stringify(answers)}`);
    if (this.events.length) broken(`events left over: ${JSON.stringify(this.events)}`);
    this.turns++;
    // finishTurn.
    const left = this.inCampaign.filter(Boolean).length;
    if (this.emperor || left <= 1 || this.lastTurn) this.stage = 'ending';
    else {
      for (let k = 1; k <= this.players; k++) {
        const s = seatAfter(this.active, k, this.players);
        if (this.inCampaign[s]) return this.startTurn(s);
      }
    }
  }

  /** beginEffect, then resolvePrompt and the effect's resolution (see effects/), for one card of the chain. */
  private effect(node: Play, answers: AnswerRecord[]): void {
    const by = this.active;
    const card = node.card;
    // A card aimed at nobody that needs a target has no effect.
    if (CARDS[card].target !== 'none' && !node.targets) return;
    const target = node.targets?.[0];
    let asked: number[] = [];
    switch (card) {
      case 'emperor':
        this.emperor = true;
        return;
      case 'peasant':
        if (node.ikki) asked = this.others(by, true);
        break;
      case 'princess':
        if (target === 'centre') return this.pay('centre', by, Math.floor(this.centre / 2));
        asked = [target as number];
        break;
      case 'merchant':
        asked = this.others(by, false);
        break;
      case 'shrinemaiden':
        asked = this.others(by, true);
        break;
      case 'kabuki': {
        const options = distinctCards(this.discard).filter((c) => c !== 'kabuki');
        if (options.length === 0) return;
        if (!node.took || !removeCard(this.discard, node.took)) broken(`a Kabuki took ${String(node.took)}, not face up`);
        return;
      }
      case 'monk':
        return;
      default:
        asked = (node.targets ?? []) as number[];
    }
    if (asked.length === 0) return;
    const seats = inSeatOrderFrom(asked, by, this.players);
    const records = answers.splice(0, seats.length);
    if (records.some((r, i) => r.seat !== seats[i]) || records.length < seats.length)
      broken(`${card} asked seats ${seats.join(',')}; the turn's answers are ${JSON.stringify(records)}`);
    const given = records.map((r) => r.answer);
    // resolvePrompt: every Monk onto the discard pile, then the effect on the others, then refills from the active player.
    seats.forEach((seat, i) => {
      if (given[i] !== 'monk') return;
      this.hands[seat]--;
      this.discard.push('monk');
      this.event('monk', seat);
    });
    seats.forEach((seat, i) => {
      const answer = given[i];
      if (answer === 'monk') return;
      if (CARDS[card].attack > 0 || node.ikki) {
        if (answer === 'pay') {
          this.coins[seat]--;
          this.centre++;
          this.event('paid', seat);
        } else if (this.events[0]?.type === 'blocked') this.event('blocked', seat);
        else this.eliminate(seat);
      } else if (answer !== 'accept') broken(`${answer} to a ${card}`);
      else if (card === 'bandit') this.pay(seat, by, Math.min(1, this.coins[seat]));
      else if (card === 'merchant') this.pay(seat, 'centre', Math.min(1, this.coins[seat]));
      else if (card === 'princess') this.pay(seat, by, Math.floor(this.coins[seat] / 2));
      else if (card === 'ninja') {
        const thrown = this.event('discarded', seat);
        this.discard.push(...thrown);
        this.hands[seat] = 0;
      }
    });
    if (card === 'shrinemaiden') {
      const shown = seats.filter((_, i) => given[i] === 'accept');
      if (shown.length) this.event('revealed', shown[0]);
    }
    for (let k = 0; k < this.players; k++) this.refill(seatAfter(by, k, this.players));
    if ((card === 'teamaster' || card === 'nobleman') && node.took) {
      // takeFromHand: the card leaves the target's hand (to be played at once), and they refill.
      const from = target as number;
      this.hands[from]--;
      this.refill(from);
    }
  }

  /** The other seats, in seat order from `seat`: all of them, or those still in the campaign (rivals). */
  private others(seat: number, inCampaign: boolean): number[] {
    const seats: number[] = [];
    for (let k = 1; k < this.players; k++) {
      const s = seatAfter(seat, k, this.players);
      if (!inCampaign || this.inCampaign[s]) seats.push(s);
    }
    return seats;
  }

  /** The refill rule: draw to 2 while the supply allows; with no card at all, out of the campaign. */
  private refill(seat: number): void {
    if (!this.inCampaign[seat]) return;
    while (this.hands[seat] < HAND_SIZE && this.supply > 0) this.draw(seat);
    if (this.hands[seat] === 0) this.eliminate(seat);
  }

  private eliminate(seat: number): void {
    const hand = this.event('eliminated', seat);
    this.discard.push(...hand);
    this.hands[seat] = 0;
    this.inCampaign[seat] = false;
  }

  /** Coins move (none is no event). */
  private pay(from: Target, to: Target, count: number): void {
    if (count === 0) return;
    const e = this.events.shift();
    if (!e || e.type !== 'coins' || e.from !== from || e.to !== to || e.count !== count)
      broken(`${count} coins from ${from} to ${to}, where the log has ${JSON.stringify(e)}`);
    if (from === 'centre') this.centre -= count;
    else this.coins[from] -= count;
    if (to === 'centre') this.centre += count;
    else this.coins[to] += count;
  }

  /** The turn's next event, which must be `type` for `seat`; the cards it names, if any. */
  private event(type: GameEvent['type'], seat: number): readonly CardName[] {
    const e = this.events.shift();
    const of = e && ('seat' in e ? e.seat : 'seats' in e ? e.seats[0] : -1);
    if (!e || e.type !== type || of !== seat) broken(`a ${type} event for seat ${seat}, where the log has ${JSON.stringify(e)}`);
    return 'cards' in e ? e.cards : [];
  }

  private endCampaign(end: CampaignEnd): void {
    if (this.stage !== 'ending') broken('a campaign ended during a turn');
    if (end.winner !== null) {
      if (end.pot !== this.centre) broken(`a pot of ${end.pot} from a centre of ${this.centre}`);
      this.coins[end.winner] += this.centre;
      this.centre = 0;
    }
    this.first = end.winner ?? seatAfter(this.active, 1, this.players);
    this.active = -1;
    this.lastTurn = false;
    this.stage = this.coins.includes(0) ? 'over' : 'deal';
  }
}

function broken(what: string): never {
  throw new Error(`publicPositionAt: the log does not follow the rules: ${what}`);
}

/** The position when the log held its first `entries` entries (one of scrubPoints), from the log alone. */
export function publicPositionAt(players: PlayerCount, firstSeat: number, log: ArrayLike<string>, entries: number): PublicPosition {
  const game = new PublicGame(players, firstSeat);
  for (let i = 0; i < entries; i++) game.apply(log[i]);
  return game.position();
}

/**
 * The spectator's room state when the log held its first `entries` entries: one of
 * scrubPoints(state.log), or its whole length (which gives `state` back). Only public fields
 * change; no seat keeps anything of its own, whoever's state it was.
 */
export function spectatorStateAt(state: ClientRoomState, entries: number): ClientRoomState {
  const log = Array.from(state.log);
  if (entries === log.length) return state;
  if (!scrubPoints(log).includes(entries)) throw new Error(`spectatorStateAt: ${entries} is not a log length between turns (see scrubPoints)`);
  const at = publicPositionAt(state.options.players as PlayerCount, state.firstSeat, log, entries);
  const seats: ClientSeatState[] = Array.from(state.seats, (s, i) => {
    const { hand: _hand, answer: _answer, taken: _taken, shown: _shown, ...open } = s;
    return { ...open, coins: at.coins[i], handCount: at.handCounts[i], inCampaign: at.inCampaign[i], hadTurn: at.hadTurn[i] };
  });
  return {
    ...state,
    phase: at.step.kind === 'over' ? 'over' : 'play',
    seats,
    first: at.first,
    active: at.active,
    lastTurn: at.lastTurn,
    centre: at.centre,
    coinsOut: at.coinsOut,
    supplyCount: at.supplyCount,
    faceDownCount: at.faceDownCount,
    discard: packCards(at.discard),
    taken: '',
    step: JSON.stringify(at.step),
    turn: at.turn ? JSON.stringify(at.turn) : '',
    promptEndsAt: 0,
    reveals: '',
    log: log.slice(0, entries),
    result: '',
  };
}

/**
 * The log a room wrote, from the campaigns a view holds, in the order the room's mirror wrote it:
 * per campaign its deal, each turn's events then the turn, the events of the turn under way, the
 * draw-off's rounds, the end. (A view keeps the campaigns, not the log's lines.)
 */
export function historyLog(campaigns: readonly CampaignSummary[]): string[] {
  const entries: HistoryEntry[] = [];
  for (const c of campaigns) {
    entries.push({ campaign: c.first });
    let e = 0;
    for (let t = 0; t <= c.turns.length; t++) {
      for (; e < c.events.length && c.events[e].turn <= t; e++) entries.push({ event: c.events[e] });
      if (t < c.turns.length) entries.push({ turn: c.turns[t] });
    }
    for (const round of c.drawOff) entries.push({ drawOff: round });
    if (c.end) entries.push({ end: c.end });
  }
  return entries.map(encodeHistoryEntry);
}

/**
 * A spectator's view (the engine's GameView) when its log held its first `entries` entries: one of
 * scrubPoints(historyLog(view.campaigns)), or the whole log (which gives `view` back). Every
 * field comes from the log; the view's own hands, answers and showings are never read.
 */
export function spectatorViewAt(view: GameView, entries: number): GameView {
  const log = historyLog(view.campaigns);
  if (entries === log.length) return view;
  if (!scrubPoints(log).includes(entries)) throw new Error(`spectatorViewAt: ${entries} is not a log length between turns (see scrubPoints)`);
  const at = publicPositionAt(view.players, view.firstSeat, log, entries);
  return {
    viewer: 'spectator',
    players: view.players,
    options: { ...view.options },
    firstSeat: view.firstSeat,
    coins: at.coins,
    centre: at.centre,
    coinsOut: at.coinsOut,
    first: at.first,
    active: at.active,
    lastTurn: at.lastTurn,
    inCampaign: at.inCampaign,
    hadTurn: at.hadTurn,
    hands: at.coins.map(() => null),
    discard: at.discard,
    step: at.step,
    answers: [],
    taken: null,
    turn: at.turn,
    campaigns: campaignsFromHistory(log.slice(0, entries)),
    reveals: [],
    result: null,
    handCounts: at.handCounts,
    supplyCount: at.supplyCount,
    faceDownCount: at.faceDownCount,
    shown: [],
  };
}
