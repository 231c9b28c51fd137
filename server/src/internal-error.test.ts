import { Client } from '@colyseus/core';
import { RoomError } from '@samurai/shared';
import { TableClient } from './test-support/TableClient';
import { useTestServer } from './test-support/boot';
import { ClientRecord, TableRoom } from './table/TableRoom';

jest.setTimeout(30_000);

/** A room with a bug: a profile change throws. */
class BuggyRoom extends TableRoom {
  protected override onClientMessage(client: Client, connection: ClientRecord, type: string | number, payload: unknown): void {
    if (type === 'profile') throw new Error('a deliberate bug');
    super.onClientMessage(client, connection, type, payload);
  }
}

const server = useTestServer({ roomClass: BuggyRoom });

test('a request the server fails on is answered with room/internal, and the room and server go on', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const ann = await TableClient.create(server.url, { name: 'Ann', options: { players: 2 } });
    const error = await ann.expectError('profile', { name: 'Annie' });
    expect(error).toMatchObject({ code: RoomError.Internal, request: 'profile' });
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/"err":\{"type":"Error".*"msg":"room \w+: request profile failed"/));
    // The room still works, and so does the server.
    await ann.must('addBot', {});
    await ann.waitFor((s) => s.seats[1].kind === 'bot');
    const other = await TableClient.create(server.url, { name: 'Zed' });
    expect(other.code).not.toBe(ann.code);
    await ann.leave();
    await other.leave();
  } finally {
    logged.mockRestore();
  }
});
