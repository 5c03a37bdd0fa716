/** Playing as a player does, for journeys that need a stake. */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Opens the Ayo Express play page on a draw safe to buy on: one too close to its close is left for the page to
 * move on from by itself. Answers the draw bar (its `data-draw-id` names the draw on sale).
 */
export async function openExpressDraw(page: Page): Promise<Locator> {
  await page.goto('/games/ayo-express');
  await expect(page.getByRole('heading', { level: 1, name: 'Ayo Express' })).toBeVisible();
  const drawBar = page.getByTestId('draw-bar');
  const game = (await (await page.request.get('/api/v1/games/ayo-express')).json()) as {
    data: { next_draw: { id: number; closes_at: string; server_time: string } | null };
  };
  const open = game.data.next_draw;
  if (open && Date.parse(open.closes_at) - Date.parse(open.server_time) < 40_000) {
    await expect(drawBar).not.toHaveAttribute('data-draw-id', String(open.id), { timeout: 90_000 });
  }
  await expect(drawBar).toHaveAttribute('data-draw-id', /^\d+$/, { timeout: 90_000 });
  return drawBar;
}

/** Fills the slip with a PERM 2 on 7, 21 and 45: three lines of ₦50. */
export async function pickPerm2(page: Page) {
  await page.getByLabel('Bet type').selectOption('PERM2');
  for (const n of [7, 21, 45]) {
    const button = page.getByRole('button', { name: String(n), exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByTestId('slip-total')).toHaveText('₦150.00');
}

/** Buys a PERM 2 (3 lines × ₦50) on the Ayo Express draw on sale, as a player does on the play page. */
export async function buyTicket(page: Page) {
  await openExpressDraw(page);
  await pickPerm2(page);
  await page.getByRole('button', { name: /^Buy ticket/ }).click();
  await expect(page.getByTestId('ticket-bought')).toBeVisible();
}
