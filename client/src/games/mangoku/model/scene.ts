/**
 * What the card table shows, from the model and the player's choices: each seat, your hand (and
 * the card you took), the piles, and the marks for what the chosen card may be aimed at. Pure:
 * the Pixi view draws exactly this, so what may be shown to whom is decided (and tested) here.
 */
import { mangoku } from '@samurai/shared';
import { t } from '../../../i18n/i18n';
import type { TableSeatModel } from '../../../table/table-model';
import type { SeatLook } from '../../../ui/seat-look';
import { aimableTargets, chosenIndexes, heldCards, playableFlags, Selection } from './interaction';

type CardName = mangoku.CardName;
type Target = mangoku.Target;

/** One seat as the table draws it. */
export interface SeatScene {
  readonly name: string;
  readonly look: SeatLook;
  readonly coins: number;
  readonly cards: number;
  readonly inCampaign: boolean;
  /** Whose turn it is. */
  readonly active: boolean;
  /** A prompt waits for this seat's answer (as far as this viewer may know). */
  readonly asked: boolean;
  /** A short note: "bot", "away", "bot plays". */
  readonly status: string;
  /** The hand a Shrine Maiden's reveal shows, with the share of its time left (0–1). */
  readonly revealed: readonly CardName[] | null;
  readonly revealLeft: number;
}

/** Everything the table shows. */
export interface TableScene {
  readonly players: number;
  /** Your seat, or -1 watching. */
  readonly viewer: number;
  readonly seats: readonly SeatScene[];
  /** Your hand (empty when watching), and the card you have just taken. */
  readonly hand: readonly CardName[];
  readonly taken: CardName | null;
  /** Indexes (into hand, then taken) of the cards chosen to play. */
  readonly chosen: readonly number[];
  /** Per card of hand and taken: may be played now (false dims it during your play). */
  readonly playable: readonly boolean[];
  /** The keyboard's card, or -1. */
  readonly focusCard: number;
  readonly supply: number;
  readonly faceDown: number;
  readonly discard: readonly CardName[];
  readonly centre: number;
  /** Who or what the chosen card may be aimed at, and what it is aimed at now. */
  readonly aimable: readonly Target[];
  readonly aimed: readonly Target[];
  /** The keyboard's target, or null. */
  readonly focusTarget: Target | null;
}

export interface SceneInput {
  readonly view: mangoku.GameView;
  readonly seats: readonly TableSeatModel[];
  readonly viewer: number;
  readonly selection: Selection;
  /** A play was sent and is not answered yet: nothing more may be chosen. */
  readonly pending: boolean;
  /** A replay: nothing to choose, so no card is dimmed as one that may not be played. */
  readonly watchOnly?: boolean;
  readonly focusCard: number;
  readonly focusTarget: Target | null;
  /** Per reveal of view.reveals: when it ends (this browser's clock), and now. */
  readonly revealEnds: readonly number[];
  readonly now: number;
}

function statusOf(seat: TableSeatModel | undefined): string {
  if (!seat) return '';
  if (seat.kind === 'bot') return t('mangoku.seats.bot');
  if (seat.kind === 'human' && seat.bot) return seat.connected ? t('mangoku.seats.botPlays') : t('mangoku.seats.awayBotPlays');
  if (seat.kind === 'human' && !seat.connected) return t('mangoku.seats.away');
  return '';
}

export function tableScene(input: SceneInput): TableScene {
  const { view, viewer, selection } = input;
  const step = view.step;
  const acting = step.kind === 'play' || step.kind === 'take' ? step.seat : -1;
  const prompt = step.kind === 'answer' ? step.prompt : null;
  const seats: SeatScene[] = [];
  for (let s = 0; s < view.players; s++) {
    const seat = input.seats[s];
    // The latest reveal showing this seat's hand.
    let revealed: CardName[] | null = null;
    let revealLeft = 0;
    view.reveals.forEach((r, i) => {
      const at = r.seats.indexOf(s);
      if (at < 0) return;
      revealed = r.hands[at].slice();
      revealLeft = Math.max(0, Math.min(1, ((input.revealEnds[i] ?? input.now) - input.now) / (mangoku.REVEAL_SECONDS * 1000)));
    });
    const askedAt = prompt ? prompt.seats.indexOf(s) : -1;
    seats.push({
      name: seat?.name || t('mangoku.seat', { n: s + 1 }),
      look: seat?.look ?? { name: '', color: 0x868e96, ink: 0xffffff, mark: 'circle' },
      coins: view.coins[s],
      cards: view.handCounts[s],
      inCampaign: view.inCampaign[s],
      active: acting === s || (acting < 0 && view.active === s),
      // Your own answer you know; another's stays unknown until the effect resolves.
      asked: askedAt >= 0 && (s !== viewer || view.answers[askedAt] === null),
      status: statusOf(seat),
      revealed,
      revealLeft,
    });
  }
  const held = heldCards(view, viewer);
  const hand = viewer >= 0 ? (view.hands[viewer] ?? []) : [];
  return {
    players: view.players,
    viewer,
    seats,
    hand: hand.slice(),
    taken: held.length > hand.length ? held[held.length - 1] : null,
    chosen: input.pending ? [] : chosenIndexes(view, viewer, selection),
    playable: input.watchOnly ? held.map(() => true) : playableFlags(view, viewer),
    focusCard: input.focusCard < held.length ? input.focusCard : -1,
    supply: view.supplyCount,
    faceDown: view.faceDownCount,
    discard: view.discard.slice(),
    centre: view.centre,
    aimable: input.pending ? [] : aimableTargets(view, viewer, selection),
    aimed: input.pending ? [] : selection.targets.slice(),
    focusTarget: input.focusTarget,
  };
}
