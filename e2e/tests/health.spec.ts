import { expect, test } from './fixtures.ts';

test('the server answers health with its version header', async ({ request }) => {
  const response = await request.get('/api/health/');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  expect(response.headers().version).toBe('1.21.0');
});
