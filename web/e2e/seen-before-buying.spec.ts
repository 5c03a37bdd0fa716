/**
 * Seen before buying (docs/fairness.md): on the play page, before any purchase (here before even signing in), the
 * draw on sale shows its commitment (shortened, the whole of it copyable) and who besides the operator fixes its
 * balls: the demo's built-in witness, labelled as run by the operator, for the demo only. What the page shows is the
 * draw the API has on sale. Screenshot: test-results/screenshots/fairness-seen-before-buying.png.
 */
import { expect, screenshot, test } from './fixtures';

type OnSale = { id: number; commitment: string; witness: { name: string | null } | null };

test('the play page shows the open draw’s commitment and its witness before buying', async ({ page, request }) => {
  await page.goto('/games/ayo-express');
  await expect(page.getByRole('heading', { level: 1, name: 'Ayo Express' })).toBeVisible();
  const drawBar = page.getByTestId('draw-bar');
  await expect(drawBar).toHaveAttribute('data-draw-id', /^\d+$/, { timeout: 90_000 });
  const drawId = await drawBar.getAttribute('data-draw-id');

  const fairness = page.getByRole('region', { name: `Fairness of draw ${drawId}` });
  await expect(fairness).toBeVisible();
  const draw = ((await (await request.get(`/api/v1/draws/${drawId}`)).json()) as { data: OnSale }).data;
  const short = `${draw.commitment.slice(0, 8)}…${draw.commitment.slice(-8)}`;
  await expect(fairness.getByTestId('draw-commitment')).toHaveText(short);
  await expect(fairness.getByTestId('draw-commitment')).toHaveAttribute('title', draw.commitment);
  await expect(fairness.getByRole('button', { name: `Copy the commitment of draw ${drawId}` })).toBeVisible();
  expect(draw.witness?.name, 'the demo names its witness on every draw').toBeTruthy();
  await expect(fairness.getByTestId('draw-witness')).toContainText(draw.witness?.name ?? '');
  await expect(fairness.getByTestId('draw-witness')).toContainText('Run by the operator, for the demo only');
  // Nothing bought: the slip still offers Buy.
  await expect(page.getByRole('button', { name: /^Buy ticket/ })).toBeVisible();
  await screenshot(page, 'fairness-seen-before-buying');
});
