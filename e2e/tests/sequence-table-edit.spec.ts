// A cell being edited keeps what the analyst typed while the table redraws from the server: row 2's vial is
// typed into while row 1's save lands and the redraw after it brings a different stored vial for row 2 (a
// change made elsewhere meanwhile). The typed vial stays in the cell, is saved on blur and is what is stored.
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { shot, signInThroughPage } from './helpers.ts';
import { createDraftSequence } from './sequence-data.ts';
import { demoToken } from './share-data.ts';

test('a vial typed while another row saves and the table redraws is kept and stored', async ({
  page,
  request,
}, testInfo) => {
  const token = await demoToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const { sequenceId, rowIds } = await createDraftSequence(
    request,
    token,
    `Typed vial ${Date.now()}`,
    [1, 2],
  );
  const [firstId, secondId] = rowIds as [number, number];

  // Row 1's save reaches the server at once; its answer reaches the page when the test lets it.
  let land: () => void = () => undefined;
  const landed = new Promise<void>((resolve) => (land = resolve));
  let held: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const firstRow = `/api/sequences/${sequenceId}/drafts/${firstId}/`;
  await page.route(
    (url) => url.pathname === firstRow,
    async (route: Route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      const response = await route.fetch();
      held();
      await landed;
      return route.fulfill({ response });
    },
  );

  await page.goto('/auth/login/');
  await signInThroughPage(page);
  await expect(page).toHaveURL(/\/app\/devices\/$/);
  await page.goto(`/app/sequences/${sequenceId}`);
  const firstVial = page.getByLabel('Row 1 vial');
  const secondVial = page.getByLabel('Row 2 vial');
  await expect(secondVial).toHaveValue('2');

  // Row 1 changed; moving to row 2 saves it (held on its way back).
  await firstVial.fill('11');
  await secondVial.click();
  await holding;
  // Meanwhile row 2 changes elsewhere: vial 22 and three injections.
  const elsewhere = await request.patch(`/api/sequences/${sequenceId}/drafts/${secondId}/`, {
    headers,
    data: { vial: 22, injections_count: 3 },
  });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);
  await secondVial.fill('42');

  // Row 1's save lands; the table redraws from the server (row 2's injections read 3 from the redraw).
  const redrawn = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/sequences/${sequenceId}/` &&
      response.request().method() === 'GET',
  );
  land();
  expect((await redrawn).ok()).toBe(true);
  await expect(page.getByLabel('Row 2 injections')).toHaveValue('3');
  await expect(firstVial).toHaveValue('11');
  await expect(secondVial).toHaveValue('42');
  await expect(secondVial).toBeFocused();
  await shot(page, testInfo, 'sequence-typed-through-redraw');

  // On blur the typed vial is saved, and it is what the server holds.
  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/sequences/${sequenceId}/drafts/${secondId}/` &&
      response.request().method() === 'PATCH',
  );
  await secondVial.blur();
  expect((await saved).ok()).toBe(true);
  await expect(secondVial).toHaveValue('42');
  const stored = await request.get(`/api/sequences/${sequenceId}/`, { headers });
  const drafts = (
    (await stored.json()) as { drafts: { id: number; vial: number; injections_count: number }[] }
  ).drafts;
  expect(drafts.find((d) => d.id === firstId)?.vial).toBe(11);
  expect(drafts.find((d) => d.id === secondId)).toMatchObject({ vial: 42, injections_count: 3 });
  await page.reload();
  await expect(page.getByLabel('Row 1 vial')).toHaveValue('11');
  await expect(page.getByLabel('Row 2 vial')).toHaveValue('42');
});
