/** Playing as a player does, for journeys that need a stake. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Buys a PERM 2 (3 lines × ₦50) on the Ayo Express draw on sale, as a player does on the play page. */
export async function buyTicket(page: Page) {
  await page.goto('/games/ayo-express');
  await expect(page.getByRole('heading', { level: 1, name: 'Ayo Express' })).toBeVisible();
  const drawBar = page.getByTestId('draw-bar');
  // Too close to a close to buy safely: let the page move on to the next draw by itself.
  const game = (await (await page.request.get('/api/v1/games/ayo-express')).json()) as {
    data: { next_draw: { id: number; closes_at: string; server_time: string } | null };
  };
  const open = game.data.next_draw;
  if (open && Date.parse(open.closes_at) - Date.parse(open.server_time) < 30_000) {
    await expect(drawBar).not.toHaveAttribute('data-draw-id', String(open.id), { timeout: 90_000 });
  }
  await expect(drawBar).toHaveAttribute('data-draw-id', /^\d+$/, { timeout: 90_000 });
  await page.getByLabel('Bet type').selectOption('PERM2');
  for (const n of [7, 21, 45]) {
    const button = page.getByRole('button', { name: String(n), exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByTestId('slip-total')).toHaveText('₦150.00');
  await page.getByRole('button', { name: /^Buy ticket/ }).click();
  await expect(page.getByTestId('ticket-bought')).toBeVisible();
}
