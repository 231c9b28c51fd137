import { useTestServer } from '../test-support/boot';

jest.setTimeout(30_000);

const server = useTestServer({});

const follow = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

test('a shared replay link sends the browser to the viewer page of that room’s game, relative to where it was asked', async () => {
  const response = await follow('/replay/k7m2pq/3');
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe('../../?replay=K7M2PQ&game=3');
  expect(new URL(response.headers.get('location')!, `${server.url}/replay/K7M2PQ/3`).href).toBe(`${server.url}/?replay=K7M2PQ&game=3`);
  // The security headers are on the redirect too.
  expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
});

test('a replay link that names no room code or no game number is not found', async () => {
  for (const path of ['/replay/not-a-code/1', '/replay/K7M2PQ/0', '/replay/K7M2PQ/two', '/replay/K7M2PQ/1.5', '/replay/K7M2PQ']) {
    expect((await follow(path)).status).toBe(404);
  }
});
