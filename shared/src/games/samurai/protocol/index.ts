/**
 * The wire protocol between the game server and its clients: the single source of truth for
 * both sides (the server validates every message with these schemas; the client builds its
 * messages from these types). Pure TypeScript and zod; no Colyseus import.
 *
 * ## Message flow
 *
 * 1. Create: `client.create(ROOM_NAME, createOptions)`. The server makes a private room whose id is
 *    a 5-character code (the invite link is `<origin>/?room=CODE`); the creator takes seat 0 and
 *    is host. Invalid options refuse the creation with a JOIN_REFUSED error.
 * 2. Join: `client.joinById(code, joinOptions)` as a player (name, colour), as a spectator, or
 *    with the secret `seatToken` to reclaim a seat after a reload or a dropped connection.
 *    A refused join rejects with code JOIN_REFUSED and a message `"<error code>: <text>"`
 *    (see parseJoinError). An unknown code is Colyseus's own "room not found" (4212).
 * 3. The server answers every join with a private `welcome` message: your member id (find
 *    your seat with `seats[i].id === memberId`) and, for players, the seat token to keep in
 *    localStorage under `seatTokenKey(code)`. Then the state arrives (ClientRoomState) and
 *    is patched after every change.
 * 4. Intents: `room.send(type, payload)` with a ClientMessageType. Lobby intents (host: add or
 *    remove seats, set options, start) and game intents (an engine Move without its seat: the
 *    seat is always the one the server knows the sender holds). A refused intent changes
 *    nothing and is answered with a private `error` message; an accepted one shows in the state.
 * 5. The game log is `state.log`, one packed number per public event (decodeLogEntry);
 *    late joiners receive it with the state. It changes at its end only: a move's entries are
 *    pushed, and a take-back removes the play it takes back (so its length is bounded by the
 *    game's real plays; a client must not assume it only grows). The tiles on the board are read from it
 *    (summariseLog): the state carries no board of its own. What only you may know rides in
 *    your own seat's fields, which only your StateView holds: your hand, your tally, and
 *    `drawn`, the tiles you drew when your last turn ended (in the same patch as that turn's
 *    end in the log).
 * 6. Bots, and seats whose only legal move is to pass, are moved by the server after a short delay.
 *    While a player is away the host may have a bot stand in for them (`standIn`); it plays
 *    their seat until they reclaim it.
 * 7. At the end, `phase` is 'over', every tally becomes public and `result` holds the scoring;
 *    the host may then `rematch` (same seats, seat order rotated by one). The record of the last
 *    finished game is at `GET /api/rooms/CODE/record`.
 *
 * Limits: at most RATE_LIMIT_PER_SECOND messages per second (the first excess is answered with
 * room/rate_limited, a second within RATE_LIMIT_STRIKE_WINDOW_MS closes the connection with
 * CLOSE_RATE_LIMITED); messages over MAX_MESSAGE_BYTES are refused with room/message_too_large,
 * and frames over MAX_FRAME_BYTES close the connection.
 */
export * from './options';
export * from './messages';
export * from './room-state';
export * from './packing';
export * from './game-log';
export * from './table-from-state';
export * from './public-history';
