/**
 * Every way a move (or a chance outcome) can be refused. Stable codes: safe to send to a client
 * and to translate. The engine returns them (never throws them); each comes with a detail string.
 */
export enum MoveError {
  /** The move is not an object of a known type, or a field has the wrong type. */
  Malformed = 'move/malformed',
  /** No such seat at this table. */
  UnknownSeat = 'move/unknown_seat',
  /** The game has ended; nothing more can be played. */
  GameOver = 'move/game_over',
  /** The game waits for something else now (answers, a card to take, a deal...). */
  WrongStep = 'move/wrong_step',
  /** The game waits for this kind of move, but from another seat. */
  NotYourTurn = 'move/not_your_turn',

  /** The card is not in the player's hand. */
  NotInHand = 'play/not_in_hand',
  /** A card has just been taken: it is the one to play now. */
  MustPlayTaken = 'play/must_play_taken',
  /** Only two Peasants make an Ikki. */
  NotIkki = 'play/not_ikki',
  /** An Ikki needs a second Peasant in the hand. */
  IkkiNeedsTwo = 'play/ikki_needs_two',

  /** The card must be aimed at someone, and someone it can reach exists. */
  TargetMissing = 'target/missing',
  /** The card cannot reach that target (yourself, an eliminated player, an unknown seat...). */
  TargetNotAllowed = 'target/not_allowed',
  /** The card takes no target here (it needs none, or nobody it could reach is left). */
  TargetUnexpected = 'target/unexpected',
  /** More targets than the card takes (a Commander attacks at most two). */
  TooManyTargets = 'target/too_many',
  /** A Commander's two targets must be different players. */
  TargetTwice = 'target/twice',

  /** This seat is not asked to answer the effect now. */
  NotAsked = 'answer/not_asked',
  /** This seat has already answered this prompt. */
  AlreadyAnswered = 'answer/already',
  /** pay and defend answer an attack, accept any other effect. */
  AnswerWrongKind = 'answer/wrong_kind',
  /** Playing a Monk needs a Monk in hand. */
  NoMonk = 'answer/no_monk',
  /** Paying to block needs a coin. */
  NoCoin = 'answer/no_coin',
  /** Paying to block is only possible before your own first turn of the campaign. */
  PayTooLate = 'answer/pay_too_late',

  /** That card is not there to take (not in the player's hand, not face up in the discard). */
  NotThere = 'take/not_there',
  /** A Kabuki cannot take itself. */
  KabukiItself = 'take/kabuki_itself',

  /** No chance outcome is awaited now, or a different one. */
  ChanceNotDue = 'chance/not_due',
  /** A deck must be exactly the cards in play, in some order. */
  ChanceBadDeck = 'chance/bad_deck',
  /** The Tea Master's card must be one the player taken from holds. */
  ChanceBadPick = 'chance/bad_pick',
}

export const MOVE_ERRORS = Object.values(MoveError) as MoveError[];

/** One English sentence per code, for people (the client may translate by code). */
export const MOVE_ERROR_MESSAGES: Readonly<Record<MoveError, string>> = {
  [MoveError.Malformed]: 'That move is not understood.',
  [MoveError.UnknownSeat]: 'There is no such seat at this table.',
  [MoveError.GameOver]: 'The game is over.',
  [MoveError.WrongStep]: 'That is not what the game is waiting for now.',
  [MoveError.NotYourTurn]: 'It is not your turn.',
  [MoveError.NotInHand]: 'That card is not in your hand.',
  [MoveError.MustPlayTaken]: 'Play the card you have just taken.',
  [MoveError.NotIkki]: 'Only two Peasants together make an Ikki.',
  [MoveError.IkkiNeedsTwo]: 'An Ikki needs two Peasants.',
  [MoveError.TargetMissing]: 'Choose whom this card is aimed at.',
  [MoveError.TargetNotAllowed]: 'This card cannot be aimed there.',
  [MoveError.TargetUnexpected]: 'This card is not aimed at anyone here.',
  [MoveError.TooManyTargets]: 'Too many targets for this card.',
  [MoveError.TargetTwice]: 'A Commander’s two attacks must be on two different players.',
  [MoveError.NotAsked]: 'You are not asked to answer now.',
  [MoveError.AlreadyAnswered]: 'You have already answered.',
  [MoveError.AnswerWrongKind]: 'That answer does not fit this effect (pay or defend for an attack, accept otherwise).',
  [MoveError.NoMonk]: 'You have no Monk to play.',
  [MoveError.NoCoin]: 'You have no coin to pay.',
  [MoveError.PayTooLate]: 'Paying to block is only possible before your first turn of the campaign.',
  [MoveError.NotThere]: 'That card is not there to take.',
  [MoveError.KabukiItself]: 'A Kabuki cannot take itself.',
  [MoveError.ChanceNotDue]: 'No such chance outcome is awaited now.',
  [MoveError.ChanceBadDeck]: 'A deck must hold exactly the cards in play.',
  [MoveError.ChanceBadPick]: 'The player taken from holds no such card.',
};

export interface MoveFailure {
  readonly ok: false;
  readonly error: MoveError;
  /** Specific to this move, for people: which card, which seat. */
  readonly detail: string;
}

export function fail(error: MoveError, detail?: string): MoveFailure {
  return { ok: false, error, detail: detail ?? MOVE_ERROR_MESSAGES[error] };
}
