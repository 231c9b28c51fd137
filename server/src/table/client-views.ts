import { Client, ClientState } from '@colyseus/core';
import type { ClientRecord } from './room-config';
import type { Table } from './Table';

/**
 * Each player's StateView holds exactly the secrets its seat may see. Seats change hands
 * (players leaving before the game, a smaller table, rotation for a rematch), so a view bound
 * to another seat is emptied first: no stale reference lets later patches through.
 */
export function bindViews(clients: Iterable<Client>, table: Table): void {
  const { seating, mirror, session } = table;
  for (const client of clients) {
    const connection = client.userData as ClientRecord | undefined;
    if (!connection || !client.view) continue;
    const seat = connection.memberId === null ? -1 : seating.seatOf(connection.memberId);
    const target = seat >= 0 ? mirror.seats[seat] : null;
    if (connection.boundSeat === target) continue;
    for (const secret of connection.secrets) client.view.remove(secret);
    connection.secrets = target ? session.secretsVisibleTo(seat) : [];
    for (const secret of connection.secrets) client.view.add(secret);
    connection.boundSeat = target;
    // A joining client gets the full state (its view included) on arrival: no patch on top.
    if (client.state === ClientState.JOINING) client.view.changes.clear();
  }
}
