import type { AddressInfo } from 'node:net';
import express from 'express';
import { asyncRoute } from './async-route';

test("an async route's rejection reaches the app's error handler, not the process", async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const app = express();
  app.get(
    '/fails',
    asyncRoute(async () => {
      await Promise.resolve();
      throw new Error('the store does not answer');
    }),
  );
  app.get(
    '/answers',
    asyncRoute(async (_req, res) => {
      await Promise.resolve();
      res.json({ ok: true });
    }),
  );
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ handled: error.message });
  });
  const server = app.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const failed = await fetch(`${url}/fails`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ handled: 'the store does not answer' });
    expect(await (await fetch(`${url}/answers`)).json()).toEqual({ ok: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await new Promise((resolve) => server.close(resolve));
  }
});
