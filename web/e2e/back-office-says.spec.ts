/**
 * A back office that says what needs doing (issue 32, item 10), at desk and phone sizes: the dashboard shows the
 * month's tax withheld; the audit log filters by action, who and day (typed day first) with the witness's routine
 * entries hidden; a player's record says their state, NIN check, bank account and break ("Self-excluded until …").
 * Screenshots go to test-results/screenshots/boss-says-*.png.
 */
import { adminToken, apiToken, logInAsAdmin, playerId, screenshotBoth } from './boss-helpers';
import { createVerifiedPlayer, expect, newPlayer, test } from './fixtures';

/** Today in Lagos, as Nigeria writes it: `27/11/2026`. */
function lagosToday(): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: '2-digit', month: '2-digit', year: 'numeric' });
  return parts.format(new Date());
}

test('the back office shows the month’s tax, filters the audit log and says a player is on a break', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request, { ...newPlayer(), state: 'LA' });
  const token = await apiToken(request, player.email, player.password);
  const out = await request.post('/api/v1/exclusions/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { kind: 'self_exclusion', period: '1y' },
  });
  expect(out.status(), await out.text()).toBe(201);
  const id = await playerId(request, await adminToken(request), player.email);

  await logInAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  const tax = page.getByTestId('stat-tax_this_month');
  await expect(tax).toHaveText(/^₦[\d,]+\.\d{2}$/);
  await expect(page.getByText(/^\w+ \d{4} so far \(WAT\) · owed to the states$/)).toBeVisible();

  // The audit log: the player's own break, found by its action, who did it and today's date typed day first.
  await page.goto('/boss/activities');
  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  await expect(filters.getByRole('checkbox', { name: /Hide the witness’s routine entries/ })).toBeChecked();
  await filters.getByRole('textbox', { name: 'Action' }).fill('player.excluded');
  await filters.getByRole('textbox', { name: 'Who' }).fill(player.email.toUpperCase());
  await filters.getByRole('textbox', { name: 'From' }).pressSequentially(lagosToday().replaceAll('/', ''));
  await expect(filters.getByRole('textbox', { name: 'From' })).toHaveValue(lagosToday());
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: player.email })).toHaveCount(1);
  await expect(log.getByText('player.excluded')).toHaveCount(1);
  await filters.getByRole('textbox', { name: 'To' }).fill('31/02/2026');
  await filters.getByRole('textbox', { name: 'To' }).blur();
  await expect(filters.getByRole('textbox', { name: 'To' })).toHaveAccessibleDescription(
    /Enter the end date as DD\/MM\/YYYY, e\.g\. 26\/11\/2026/,
  );
  await screenshotBoth(page, 'says-activities');

  // The player's record: state, NIN check, bank account and the break, in WAT words.
  await page.goto(`/boss/users/${id}`);
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText('Lagos State')).toBeVisible();
  await expect(profile.getByTestId('record-protection')).toHaveText(/^Self-excluded until \d{1,2} \w{3} \d{4}$/);
  await expect(profile.getByTestId('record-identity')).toHaveText('Not given yet');
  await expect(profile.getByTestId('record-bank-account')).toHaveText('None saved');
  await screenshotBoth(page, 'says-record');
});
