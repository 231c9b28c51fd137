import { useTestServer } from './test-support/boot';

const server = useTestServer({ clientDist: '/nonexistent/client/dist' });

test('without a built client, / says how to build it', async () => {
  const response = await fetch(`${server.url}/`);
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(await response.text()).toContain('npm run build');
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
});
