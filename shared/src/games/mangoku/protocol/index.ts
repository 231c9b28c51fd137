/**
 * Mangoku's wire protocol between the server's room and its clients: the single source of truth
 * for both sides (the server validates every message with these schemas and writes its state
 * with room-fields.ts; a client rebuilds the engine's view with viewFromRoomState). Pure
 * TypeScript and zod; no Colyseus import. The table's part (joining, seats, tokens, lobby
 * requests, rematch, stand-ins, limits) is the same as every game's: see shared/src/table and
 * Samurai's protocol header for the flow of create, join, welcome and errors.
 *
 * ## What a client does with it
 *
 * - Create a room with `client.create(ROOM_NAME, createOptions)` (options: players 2–6,
 *   promptSeconds from PROMPT_SECONDS_CHOICES, botLevel, seatOrder, botDelayMs).
 * - On every state change, **`viewFromRoomState(state, yourSeat | 'spectator')`** gives
 *   `{ view, promptEndsAt, revealsEndAt }`: `view` is exactly the engine's
 *   `viewFor(state, seat)` (a GameView: the engine's Table shape plus handCounts, supplyCount,
 *   faceDownCount and what was shown to you), so `legalMoves`, `checkMove`, `answerOptions`,
 *   `targetOptions` and `kabukiOptions` run on it and tell in advance what the server accepts.
 *   Public events are `view.campaigns[c].events`; reveals are `view.reveals` (on show until
 *   `revealsEndAt[i]`); the pending prompt is `view.step.prompt`, its time runs out at
 *   `promptEndsAt` (server clock; `options.promptSeconds` is its full length). It is null in
 *   the lobby.
 * - Send game intents with `room.send(type, payload)`: `play` `{ card, ikki?, targets? }`,
 *   `answer` `{ answer }`, `take` `{ card }` (moveToIntent turns an engine Move into one). A
 *   refused intent changes nothing and is answered with a private `error` message carrying the
 *   engine's MoveError code.
 *
 * ## Prompts and time
 *
 * When a card's effect is about to apply to other players, every one of them is asked: the same
 * prompt (`step.kind === 'answer'`), with the same time limit, whatever they hold. What each may
 * answer is computed by their own client from their own view (answerOptions); it is never sent.
 * The server never answers early for a person, even one with a single answer open; when the
 * time runs out, everyone who has not answered gets the default ("defend" for an attack,
 * "accept" otherwise). Bots answer after the room's bot delay, whatever they answer. Nobody sees
 * another's answer, nor whether they have answered, until the effect resolves; then every answer
 * is in the turn's record (`view.turn.answers`, then the log). A Shrine Maiden's reveal is in
 * the state for everyone, spectators included, for REVEAL_SECONDS, then gone.
 */
export * from './options';
export * from './messages';
export * from './room-state';
export * from './packing';
export * from './history';
export * from './room-fields';
export * from './view-from-room-state';
export * from './chance-timing';
export * from './room-fixture';
export * from './public-history';
