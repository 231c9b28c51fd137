import { CardName, PlayerCount } from './cards';

export interface GameOptions {
  /** Seconds a prompt waits for answers (a room option; the engine only carries it). */
  readonly promptSeconds: number;
}

export const DEFAULT_OPTIONS: GameOptions = { promptSeconds: 20 };
/** The limits a prompt's time may have. */
export const PROMPT_SECONDS = { min: 1, max: 600 } as const;

/** How long a Shrine Maiden's reveal lasts; the room hides it (hideReveal) after this. */
export const REVEAL_SECONDS = 15;

export const ANSWERS = ['monk', 'pay', 'defend', 'accept'] as const;
/**
 * What a player does when a card's effect is about to apply to them. monk: play a Monk and
 * cancel it on me; pay: (attack only, before my first turn of the campaign) pay 1 coin and
 * block; defend: (attack only) defend with my hand; accept: (any other effect) let it apply.
 */
export type Answer = (typeof ANSWERS)[number];

/** A seat, or the centre pile (a Princess only). */
export type Target = number | 'centre';

/** A card put down by a player: the card (two Peasants for an Ikki) and its targets. */
export interface PlayChoice {
  readonly card: CardName;
  readonly ikki?: true;
  readonly targets?: readonly Target[];
}

/** One card played, shaped exactly as in game records: what it took and the play of that card. */
export interface Play extends PlayChoice {
  readonly took?: CardName;
  readonly then?: Play;
}

export interface AnswerRecord {
  readonly seat: number;
  readonly answer: Answer;
}

export interface TurnRecord {
  readonly seat: number;
  readonly play: Play;
  /** In the order asked; absent when nobody was asked. */
  readonly answers?: readonly AnswerRecord[];
}

export interface DrawOffCard {
  readonly seat: number;
  readonly card: CardName;
}
/** One round of a draw-off: each tied player's card, in ascending seat order. */
export type DrawOffRound = readonly DrawOffCard[];

export const CAMPAIGN_END_REASONS = ['last-standing', 'emperor', 'supply-empty'] as const;
/**
 * last-standing: at most one player is left in the campaign; emperor: an Emperor was played;
 * supply-empty: a turn that began with nothing to draw is over.
 */
export type CampaignEndReason = (typeof CAMPAIGN_END_REASONS)[number];

export interface CampaignEnd {
  readonly reason: CampaignEndReason;
  /** Who took the centre pile; null when nobody was left. */
  readonly winner: number | null;
  /** Coins the winner took (0 when nobody won: they stay in the centre). */
  readonly pot: number;
  /**
   * When honour decided: per seat, the HNR of the hand of each player still in the campaign
   * (null for the others). Null when the last player standing won.
   */
  readonly honour: readonly (number | null)[] | null;
}

export const EVENT_TYPES = ['monk', 'paid', 'blocked', 'eliminated', 'coins', 'discarded', 'revealed'] as const;
/**
 * What happened when an effect resolved, for everyone to see (records leave it out: a reader
 * recomputes it). `turn` indexes the campaign's turns. monk: the seat cancelled the effect on
 * them; paid: blocked an attack with a coin; blocked: with their hand (shown to the attacker
 * only); eliminated: out of the campaign, `cards` face up onto the discard pile (none when out of
 * cards); coins: `count` coins moved; discarded: a Ninja's target's hand; revealed: a Shrine
 * Maiden showed these seats' hands (see `reveals`).
 */
export type GameEvent =
  | { readonly type: 'monk' | 'paid' | 'blocked'; readonly turn: number; readonly seat: number }
  | { readonly type: 'eliminated' | 'discarded'; readonly turn: number; readonly seat: number; readonly cards: readonly CardName[] }
  | { readonly type: 'coins'; readonly turn: number; readonly from: number | 'centre'; readonly to: number | 'centre'; readonly count: number }
  | { readonly type: 'revealed'; readonly turn: number; readonly seats: readonly number[] };

/** A campaign as everyone may know it (the deck is the record's, never a view's). */
export interface CampaignSummary {
  readonly first: number;
  readonly turns: readonly TurnRecord[];
  /** What resolved, in order: public outcomes a record leaves out. */
  readonly events: readonly GameEvent[];
  /** Rounds of the honour draw-off, if honour tied. */
  readonly drawOff: readonly DrawOffRound[];
  /** Null while the campaign is on. */
  readonly end: CampaignEnd | null;
}

export interface CampaignRecord extends CampaignSummary {
  /** The shuffled cards in play, top first (docs/rules/mangoku-record.md § A campaign). */
  readonly deck: readonly CardName[];
  /** The deck shuffled for each draw-off round, top first. */
  readonly drawOffDecks: readonly (readonly CardName[])[];
}

export interface Result {
  /** Per seat, at the end. */
  readonly coins: readonly number[];
  /** Groups of seats, first place first; ties below first place stay shared. */
  readonly ranking: readonly (readonly number[])[];
  /** The seat in first place after any draw-off. */
  readonly winners: readonly number[];
  /** Rounds of the draw-off for first place, if coins tied. */
  readonly drawOff: readonly DrawOffRound[];
}

/**
 * An effect about to apply to other players: everyone in `seats` gets exactly this prompt,
 * whatever they hold. Which answers each may give follows from their own hand, coins and turn.
 */
export interface Prompt {
  /** The card whose effect it is ('peasant' for an Ikki). */
  readonly card: CardName;
  /** The player who played it. */
  readonly by: number;
  /** An attack (answers monk, pay, defend) or another effect (monk, accept). */
  readonly attack: boolean;
  /** The attack's BTL; 0 for other effects. */
  readonly btl: number;
  /** The players asked, in seat order from the active player. */
  readonly seats: readonly number[];
}

/** What the game waits for now. */
export type Step =
  /** Chance: the campaign's shuffled deck. */
  | { readonly kind: 'deal' }
  /** `seat` plays a card from their hand, or the card they have just taken. */
  | { readonly kind: 'play'; readonly seat: number; readonly source: 'hand' | 'taken' }
  /** Answers from every seat of the prompt. */
  | { readonly kind: 'answer'; readonly prompt: Prompt }
  /** Chance: the Tea Master's player `seat` takes a card at random from `from`. */
  | { readonly kind: 'pick'; readonly seat: number; readonly from: number }
  /**
   * `seat` chooses the card to take: from `from`'s hand (Nobleman; `options` is that hand, shown
   * to `seat` only) or from the face-up discard (Kabuki).
   */
  | { readonly kind: 'take'; readonly seat: number; readonly from: number | 'discard'; readonly options: readonly CardName[] | null }
  /** Chance: a shuffled deck for one round of a draw-off among `seats`. */
  | { readonly kind: 'drawOff'; readonly seats: readonly number[]; readonly for: 'campaign' | 'game' }
  | { readonly kind: 'over' };
export type StepKind = Step['kind'];

/** One card of the turn's chain of plays (a taking card's `took` is played by the next). */
export interface PlayNode {
  card: CardName;
  ikki?: true;
  targets?: Target[];
  took?: CardName;
}

export interface TurnInProgress {
  readonly seat: number;
  /** The top-level play first; each later node is the play of the card the one before took. */
  chain: PlayNode[];
  answers: AnswerRecord[];
}

/** A Shrine Maiden's reveal: hands shown to everyone, as they were when it resolved. */
export interface Reveal {
  /** Names the reveal for hideReveal. */
  readonly id: number;
  readonly campaign: number;
  readonly seats: readonly number[];
  readonly hands: readonly (readonly CardName[])[];
}

/** A hand shown to one player only: a blocked attack's defender, or a Nobleman's look. */
export interface Shown {
  readonly to: number;
  readonly from: number;
  readonly cards: readonly CardName[];
  readonly why: 'blocked' | 'nobleman';
  /** Index of the turn in the campaign. */
  readonly turn: number;
}

export type Move =
  | { readonly type: 'play'; readonly seat: number; readonly play: PlayChoice }
  | { readonly type: 'answer'; readonly seat: number; readonly answer: Answer }
  | { readonly type: 'take'; readonly seat: number; readonly card: CardName };
export type MoveType = Move['type'];
export const MOVE_TYPES: readonly MoveType[] = ['play', 'answer', 'take'];

/**
 * The outcome of chance, which the engine is handed instead of drawing it: a campaign's deck, the
 * Tea Master's random card, a draw-off round's deck. Never a player's move.
 */
export type Chance =
  | { readonly type: 'deal'; readonly deck: readonly CardName[] }
  | { readonly type: 'pick'; readonly card: CardName }
  | { readonly type: 'drawOff'; readonly deck: readonly CardName[] };

/**
 * What every participant may know, plus the hands they may see. The full state and every
 * viewer's projection have this shape, so rule checks and legal moves run on either.
 */
export interface Table {
  readonly players: PlayerCount;
  readonly options: GameOptions;
  /** The first player of the first campaign. */
  readonly firstSeat: number;
  coins: number[];
  centre: number;
  /** Coins that have left the game, one per campaign started (besides those never handed out). */
  coinsOut: number;
  /** The current campaign's first player (-1 before the first deal). */
  first: number;
  /** Whose turn it is (-1 between campaigns). */
  active: number;
  /** The supply was empty when this turn began: the campaign ends after it. */
  lastTurn: boolean;
  inCampaign: boolean[];
  /** Per seat: has begun a turn this campaign (no more paying to block after that). */
  hadTurn: boolean[];
  /** Per seat, sorted in CARD_NAMES order; null where this viewer may not see it. */
  hands: (CardName[] | null)[];
  /** The face-up cards of the discard pile, oldest first (the face-down card below is not here). */
  discard: CardName[];
  step: Step;
  /** Per seat of the pending prompt, the answer given; null where not given or not visible. */
  answers: (Answer | null)[];
  /** A card taken and not yet played; null when there is none or this viewer may not see it. */
  taken: CardName | null;
  /** The turn being played (its resolved parts). */
  turn: TurnInProgress | null;
  campaigns: CampaignSummary[];
  /** Shrine Maiden reveals not yet hidden. */
  reveals: Reveal[];
  result: Result | null;
}

/** The whole truth; lives only where no player can read it (server, simulations, tests). */
export interface GameState extends Table {
  hands: CardName[][];
  campaigns: CampaignRecord[];
  /** Face down, top first. */
  supply: CardName[];
  /** The face-down card at the bottom of the discard pile, which nobody ever sees. */
  bottom: CardName | null;
  /** Private showings of the current campaign, each for its `to` only. */
  shown: Shown[];
  /** An Emperor was played this turn. */
  emperor: boolean;
  nextRevealId: number;
  /** A campaign's end being decided (its draw-off under way). */
  ending: Pick<CampaignEnd, 'reason' | 'honour'> | null;
  /** The draw-off for first place so far: its rounds and their decks. */
  resultDrawOff: DrawOffRound[];
  resultDrawOffDecks: CardName[][];
}

export interface GameConfig {
  readonly players: PlayerCount;
  readonly options?: Partial<GameOptions>;
}

/** An independent copy; applying moves to it leaves the original as it was. */
export function cloneState(state: GameState): GameState {
  return {
    ...state,
    coins: state.coins.slice(),
    inCampaign: state.inCampaign.slice(),
    hadTurn: state.hadTurn.slice(),
    hands: state.hands.map((h) => h.slice()),
    discard: state.discard.slice(),
    answers: state.answers.slice(),
    turn: state.turn && {
      seat: state.turn.seat,
      chain: state.turn.chain.map((n) => ({ ...n })),
      answers: state.turn.answers.slice(),
    },
    // Only the last campaign changes; finished ones and pushed turns are never mutated.
    campaigns: state.campaigns.map((c, i) =>
      i === state.campaigns.length - 1
        ? { ...c, turns: c.turns.slice(), events: c.events.slice(), drawOff: c.drawOff.slice(), drawOffDecks: c.drawOffDecks.slice() }
        : c,
    ),
    reveals: state.reveals.slice(),
    supply: state.supply.slice(),
    shown: state.shown.slice(),
    resultDrawOff: state.resultDrawOff.slice(),
    resultDrawOffDecks: state.resultDrawOffDecks.slice(),
  };
}

/** The campaign being played (or the last one). */
export function currentCampaign(state: GameState): CampaignRecord {
  return state.campaigns[state.campaigns.length - 1];
}

/** Mutable access to the current campaign record, for the engine's own steps. */
export type MutableCampaign = {
  -readonly [K in keyof CampaignRecord]: CampaignRecord[K] extends readonly (infer T)[] ? T[] : CampaignRecord[K];
};
export function campaignInPlay(state: GameState): MutableCampaign {
  return state.campaigns[state.campaigns.length - 1] as MutableCampaign;
}

/** The turn being played, as its events name it: the number of turns the campaign has recorded. */
export function eventTurn(state: GameState): number {
  return campaignInPlay(state).turns.length;
}

/**
 * Notes a public outcome of the turn being played; `event.turn` is eventTurn(state), made with
 * the event's other fields (a field added afterwards costs V8 a second allocation).
 */
export function logEvent(state: GameState, event: GameEvent): void {
  campaignInPlay(state).events.push(event);
}
