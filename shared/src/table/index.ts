/**
 * The table: what every game room shares and no game's rules touch — room codes, names and
 * colours, joining and seat tokens, the table's options, requests, state and errors, and the
 * limits every client lives by.
 */
export * from './room-codes';
export * from './names';
export * from './colours';
export * from './joining';
export * from './errors';
export * from './limits';
export * from './options';
export * from './messages';
export * from './heartbeat';
export * from './room-state';
export * from './chat';
export * from './clock';
export * from './clock-readings';
export * from './your-games';
export * from './game-contract';
