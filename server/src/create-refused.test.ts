import { Client } from 'colyseus.js';
import { JOIN_REFUSED, ROOM_NAME } from '@samurai/shared';
import { useTestServer } from './test-support/boot';

const server = useTestServer();

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

test('a refused create leaves no room timers running', async () => {
  const before = timers();
  for (let i = 0; i < 5; i++) {
    await expect(new Client(server.url).create(ROOM_NAME, { name: '' })).rejects.toMatchObject({ code: JOIN_REFUSED });
  }
  // Each half-made room would hold a patch interval and an auto-dispose timeout.
  expect(timers()).toBeLessThan(before + 5);
});
