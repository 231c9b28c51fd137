import { ROOM_NAME } from '@samurai/shared';
import { useTestServer } from '../test-support/boot';

// Behind a proxy on this machine: its X-Forwarded-For names the client.
const server = useTestServer({ trustProxy: ['loopback'], limits: { create: { burst: 2, perMinute: 1 } } });

function create(forwardedFor: string): Promise<Response> {
  return fetch(`${server.url}/matchmake/create/${ROOM_NAME}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify({ name: 'Ann' }),
  });
}

test('with a trusted proxy, each client address the proxy names has its own allowance', async () => {
  const statuses = async (address: string) => Promise.all([create(address), create(address), create(address)]).then((r) => r.map((x) => x.status).sort());
  expect(await statuses('198.51.100.1')).toEqual([200, 200, 429]);
  expect(await statuses('198.51.100.2')).toEqual([200, 200, 429]);
});
