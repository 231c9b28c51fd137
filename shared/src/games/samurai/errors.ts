/**
 * Every way a move can be refused. Stable codes: safe to send to a client and to translate.
 * The engine returns them (never throws them); each comes with a human detail string.
 */
export enum MoveError {
  /** The move is not an object of a known type, or a field has the wrong type. */
  Malformed = 'move/malformed',
  /** No such seat at this table. */
  UnknownSeat = 'move/unknown_seat',
  /** The game has ended; nothing more can be played. */
  GameOver = 'move/game_over',
  /** This kind of move does not belong to the current phase (e.g. a tile during setup). */
  WrongPhase = 'move/wrong_phase',
  /** Another seat is to act. */
  NotYourTurn = 'move/not_your_turn',
  /** A hex name that is not `"col,row"` of any hex on the board. */
  UnknownHex = 'move/unknown_hex',
  /** The hex exists but is not in play with this many players. */
  OffBoard = 'move/off_board',

  /** This seat has already chosen its starting hand. */
  HandAlreadyChosen = 'hand/already_chosen',
  /** A starting hand is exactly 5 tiles. */
  HandWrongSize = 'hand/wrong_size',
  /** The hand names a tile more often than the player owns it (or a tile that does not exist). */
  HandNotOwned = 'hand/not_owned',

  /** Pieces go on villages and cities only. */
  SetupNotASettlement = 'setup/not_a_settlement',
  /** Villages only once every city is full. */
  SetupCitiesFirst = 'setup/cities_first',
  /** The settlement has no free place (Edo is always full). */
  SetupSettlementFull = 'setup/settlement_full',
  /** A settlement never holds two pieces of the same caste. */
  SetupSameCaste = 'setup/same_caste',
  /** The supply has no piece of that caste left. */
  SetupNoneLeft = 'setup/none_left',

  /** The tile is not in the player's hand. */
  TileNotInHand = 'play/not_in_hand',
  /** Only one non-fast tile (caste, samurai or move) per turn. */
  OneNonFast = 'play/one_non_fast',
  /** Nothing is ever placed on a settlement, not even after its pieces are gone. */
  OnSettlement = 'play/on_settlement',
  /** Land tiles go on land, not on the sea. */
  NeedsLand = 'play/needs_land',
  /** Ships go on the sea only. */
  NeedsSea = 'play/needs_sea',
  /** The hex already holds a tile. */
  Occupied = 'play/occupied',

  /** A switch names a hex that is not a settlement, or a piece that is not there. */
  SwitchNoPiece = 'switch/no_piece',
  /** Both pieces are in one settlement: swapping them changes nothing. */
  SwitchSameSettlement = 'switch/same_settlement',
  /** Both pieces are of one caste: swapping them changes nothing. */
  SwitchSameCaste = 'switch/same_caste',
  /** The swap would put two pieces of one caste in a settlement. */
  SwitchDuplicateCaste = 'switch/duplicate_caste',

  /** The move tile's source hex holds no tile. */
  MoveNoTile = 'move_tile/no_tile',
  /** Only your own tiles can be moved. */
  MoveNotYours = 'move_tile/not_yours',
  /** Fast tiles (ronin, ships) cannot be moved; neither can the move tile itself. */
  MoveFastTile = 'move_tile/not_movable',

  /** A turn needs at least one tile; pass only when no tile can be played. */
  NothingPlayed = 'turn/nothing_played',
  /** Passing is allowed only when no tile in hand can legally be played. */
  MustPlay = 'turn/must_play',
  /** Tiles were played this turn: end the turn rather than pass. */
  AlreadyPlayed = 'turn/already_played',

  /** No play this turn to take back. */
  NothingToUndo = 'undo/nothing',
  /** A capture has happened this turn; its plays can no longer be taken back. */
  UndoAfterCapture = 'undo/after_capture',
}

export const MOVE_ERRORS = Object.values(MoveError) as MoveError[];

/** One English sentence per code, for people (the client may translate by code). */
export const MOVE_ERROR_MESSAGES: Readonly<Record<MoveError, string>> = {
  [MoveError.Malformed]: 'That move is not understood.',
  [MoveError.UnknownSeat]: 'There is no such seat at this table.',
  [MoveError.GameOver]: 'The game is over.',
  [MoveError.WrongPhase]: 'That is not possible at this stage of the game.',
  [MoveError.NotYourTurn]: 'It is not your turn.',
  [MoveError.UnknownHex]: 'There is no such hex on the board.',
  [MoveError.OffBoard]: 'That hex is not in play with this many players.',
  [MoveError.HandAlreadyChosen]: 'You have already chosen your starting hand.',
  [MoveError.HandWrongSize]: 'Choose exactly 5 tiles for your starting hand.',
  [MoveError.HandNotOwned]: 'You do not have those tiles.',
  [MoveError.SetupNotASettlement]: 'Pieces go on villages and cities.',
  [MoveError.SetupCitiesFirst]: 'Fill every city before placing pieces on villages.',
  [MoveError.SetupSettlementFull]: 'That settlement is full.',
  [MoveError.SetupSameCaste]: 'A settlement cannot hold two pieces of the same caste.',
  [MoveError.SetupNoneLeft]: 'No piece of that caste is left to place.',
  [MoveError.TileNotInHand]: 'That tile is not in your hand.',
  [MoveError.OneNonFast]: 'You may play only one non-fast tile per turn (caste, samurai or move).',
  [MoveError.OnSettlement]: 'Tiles are never placed on a settlement.',
  [MoveError.NeedsLand]: 'That tile goes on an empty land hex.',
  [MoveError.NeedsSea]: 'Ships go on an empty sea hex.',
  [MoveError.Occupied]: 'That hex already holds a tile.',
  [MoveError.SwitchNoPiece]: 'There is no such piece there to switch.',
  [MoveError.SwitchSameSettlement]: 'Switching two pieces of one settlement changes nothing.',
  [MoveError.SwitchSameCaste]: 'Switching two pieces of the same caste changes nothing.',
  [MoveError.SwitchDuplicateCaste]: 'A settlement cannot hold two pieces of the same caste.',
  [MoveError.MoveNoTile]: 'There is no tile there to move.',
  [MoveError.MoveNotYours]: 'You can only move your own tiles.',
  [MoveError.MoveFastTile]: 'Only caste and samurai tiles placed on an earlier turn can be moved.',
  [MoveError.NothingPlayed]: 'Play at least one tile before ending your turn.',
  [MoveError.MustPlay]: 'You can still play a tile, so you cannot pass.',
  [MoveError.AlreadyPlayed]: 'You have played this turn: end your turn instead of passing.',
  [MoveError.NothingToUndo]: 'There is no play to take back this turn.',
  [MoveError.UndoAfterCapture]: 'A capture has happened this turn, so its plays stand.',
};

export interface MoveFailure {
  readonly ok: false;
  readonly error: MoveError;
  /** Specific to this move, for people: which hex, which tile. */
  readonly detail: string;
}

export function fail(error: MoveError, detail?: string): MoveFailure {
  return { ok: false, error, detail: detail ?? MOVE_ERROR_MESSAGES[error] };
}
