/**
 * The house's risk (issue 31): an admin closes a number on the risk desk (/boss → Risk), a player's play page that
 * is already open marks it closed, and the purchase holding it is refused with the server's message.
 */
import { expect, logInThroughDialog, test } from './fixtures';
import { adminToken, fundedPlayer, logInAsAdmin, newPlayerPage } from './boss-helpers';

type DrawRow = { id: number; status: string; closes_at: string; server_time: string };

/** No other journey picks these, so closing one for a while disturbs none of them. */
const PICKS = [63, 64, 65];

test('an admin closes a number: the open play page marks it closed and a purchase on it is refused', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // A draw with 30 s of sales left may be one draw cycle away.
  test.setTimeout(360_000);
  const { player } = await fundedPlayer(request);
  // A draw on sale with time enough for the journey (the play page, the desk, the refusal).
  let draw: DrawRow | null = null;
  await expect
    .poll(
      async () => {
        const game = (await (await request.get('/api/v1/games/ayo-express')).json()) as { data: { next_draw: DrawRow | null } };
        const next = game.data.next_draw;
        draw = next && next.status === 'open' && Date.parse(next.closes_at) - Date.parse(next.server_time) > 30_000 ? next : null;
        return draw !== null;
      },
      { message: 'an Ayo Express draw with 30 s of sales left', timeout: 200_000, intervals: [2_000] },
    )
    .toBe(true);
  const drawId = (draw as DrawRow | null)?.id ?? 0;

  const other = await newPlayerPage(browser, baseURL);
  await other.page.goto('/');
  await logInThroughDialog(other.page, player.email, player.password);
  await other.page.goto('/games/ayo-express');
  await expect(other.page.getByTestId('draw-bar')).toHaveAttribute('data-draw-id', String(drawId), { timeout: 30_000 });
  await other.page.getByLabel('Bet type').selectOption('PERM2');
  for (const n of PICKS) {
    const button = other.page.getByRole('button', { name: String(n), exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  await logInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Risk' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Risk');
  const desk = page.getByRole('region', { name: `Ayo Express: draw #${drawId}` });
  await expect(desk.getByRole('table')).toBeVisible();
  await desk.getByLabel('Numbers', { exact: true }).fill(String(PICKS[0]));
  await desk.getByLabel('Reason', { exact: true }).fill('E2E: too much riding on it');
  await desk.getByRole('button', { name: 'Close numbers' }).click();
  await expect(desk.getByLabel(new RegExp(`^${PICKS[0]}: .*, closed$`))).toBeVisible();

  try {
    // The player's page was not reloaded: the server pushes the closed numbers to it (draw.closed_numbers).
    await expect(other.page.getByRole('button', { name: `${PICKS[0]}, closed for this draw` })).toBeVisible({
      timeout: 15_000,
    });
    await other.page.getByRole('button', { name: /^Buy ticket/ }).click();
    await expect(other.page.getByText(`${PICKS[0]} is closed for this draw: too much is riding on it`)).toBeVisible();
  } finally {
    const token = await adminToken(request);
    const reopened = await request.post(`/api/v1/admin/draws/${drawId}/reopen-numbers`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { numbers: [PICKS[0]], reason: 'E2E: journey over' },
    });
    expect(reopened.status(), await reopened.text()).toBe(200);
    await other.context.close();
  }
});
