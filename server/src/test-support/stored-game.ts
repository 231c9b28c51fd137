/**
 * A game's name where only a store or a driver keeps it (they know no games): any text does.
 * Its records are as every game's begin, `<game>-record/1`.
 */
export const STORED_GAME = 'some-game';
export const STORED_RECORD_FORMAT = `${STORED_GAME}-record/1`;
