/**
 * Back-office journeys against the real server: games, the live marquee, wallet adjustments, a visitor's contact
 * message handled in /boss/contacts, and a look at every /boss screen at desk and phone sizes
 * (test-results/screenshots/boss-*.png).
 */
import { expect, headerBalance, logInThroughDialog, test } from './fixtures';
import {
  adminToken,
  apiToken,
  buyTickets,
  fundedPlayer,
  logInAsAdmin,
  newPlayerPage,
  playerId,
  screenshotBoth,
  theSharedPlayer,
} from './boss-helpers';

const naira = (kobo: number) => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(kobo / 100);
const koboOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

const stamp = () => String(Date.now()).slice(-6);

test('the demo admin creates a game, sees it listed and edits a multiplier', async ({ page }) => {
  await logInAsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Games' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Games');
  await expect(nav.getByRole('link', { name: 'Games' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Ayo Express' })).toBeVisible();

  // A name already taken: the server's 422 shows beside the field.
  await page.getByRole('button', { name: 'New game' }).click();
  let form = page.getByRole('dialog', { name: 'New game' });
  await form.getByLabel('Name').fill('Ayo Express');
  await form.getByRole('button', { name: 'Create game' }).click();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Another game already has this name')).toBeVisible();

  const name = `Lagos Evening ${stamp()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Description').fill('A weekly draw for the end of the working day.');
  await form.getByLabel('Weekly draw times').check();
  await form.getByLabel('Day').selectOption('Fri');
  await form.getByLabel('Time (WAT)').fill('19:15');
  await expect(form.getByText('Friday at 7:15 pm WAT')).toBeVisible();
  await form.getByLabel('Sales close (seconds before each draw)').fill('600');
  await expect(form.getByText('Sales close 10 minutes before each draw')).toBeVisible();
  await form.getByLabel('Against').uncheck();
  await form.getByLabel('Least NAP stake').fill('100');
  await form.getByRole('button', { name: 'Create game' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Game created')).toBeVisible();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('Friday at 7:15 pm WAT');
  await expect(card).toContainText('Sales close 10 minutes before each draw');
  await expect(card).toContainText('NAP 2 ×240');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  form = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(form.getByLabel('Least NAP stake')).toHaveValue('100');
  await expect(form.getByLabel('Against')).not.toBeChecked();
  await form.getByRole('group', { name: /^Multipliers/ }).getByLabel('NAP 2').fill('250');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(card).toContainText('NAP 2 ×250');

  // The change reached the server: the public game says so too.
  const game = await page.request.get(`/api/v1/games/${name.toLowerCase().replace(/\s+/g, '-')}`);
  expect(((await game.json()) as { data: { multipliers: { nap2: number } } }).data.multipliers.nap2).toBe(250);
});

test('a published marquee message reaches a player page that is already open, without a reload', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const player = await theSharedPlayer(request);
  const other = await newPlayerPage(browser, baseURL);
  await other.page.goto('/games');
  await logInThroughDialog(other.page, player.email, player.password);
  await expect(headerBalance(other.page)).toBeVisible();
  // Mark this document: finding the mark later proves the page was never reloaded.
  await other.page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  await logInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Marquee' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Marquee');
  const text = `Bumper Friday: double NAP 2 odds tonight ${stamp()}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByLabel('Priority').fill('5');
  await page.getByRole('button', { name: 'Publish message' }).click();
  await expect(page.getByText('Message published')).toBeVisible();
  await expect(page.getByRole('link', { name: text })).toBeVisible();

  const strip = other.page.getByRole('region', { name: 'Announcements' });
  await expect(strip.getByRole('listitem').filter({ hasText: text }).first()).toBeAttached();
  await expect(strip.getByText(text).first()).toBeVisible();
  expect(await other.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await other.page.screenshot({ path: 'test-results/screenshots/boss-marquee-player-strip-360.png' });

  // The admin switches it off from its own page: the open page drops it, still without a reload.
  await page.getByRole('link', { name: text }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Marquee message');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(text);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Message switched off')).toBeVisible();
  await expect(other.page.getByText(text)).toHaveCount(0);
  expect(await other.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // Deleting asks first.
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this message?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/boss\/marquee$/);
  await expect(page.getByRole('link', { name: text })).toHaveCount(0);
  await other.context.close();
});

test("an admin adjusts a player's wallet and the player's header balance follows live", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const player = await theSharedPlayer(request);
  const other = await newPlayerPage(browser, baseURL);
  await other.page.goto('/');
  await logInThroughDialog(other.page, player.email, player.password);
  await expect(headerBalance(other.page)).toHaveText(/^₦/);
  const before = koboOf(await headerBalance(other.page).textContent());
  const after = naira(before + 150_000);

  await logInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search players').fill(player.email);
  await page.getByRole('link', { name: player.name }).first().click();
  await expect(page).toHaveTitle('Ayo Lotto | User');
  await expect(page.getByRole('heading', { name: player.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('admin-user-balance')).toHaveText(naira(before));

  // A debit below zero is stopped before it is sent.
  await page.getByLabel('Amount (naira)').fill(`-${(before + 5_000) / 100}`);
  await page.getByLabel('Reason').fill('Testing the limit');
  await page.getByRole('button', { name: 'Adjust the wallet' }).click();
  await expect(page.getByText('This would take the balance below zero')).toBeVisible();

  await page.getByLabel('Amount (naira)').fill('1,500');
  await page.getByLabel('Reason').fill('Goodwill credit after a failed deposit');
  await page.getByRole('button', { name: 'Adjust the wallet' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Adjust this wallet?' });
  await expect(confirm).toContainText(`${naira(before)} to ${after}`);
  await confirm.getByRole('button', { name: 'Credit ₦1,500.00' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('admin-user-balance')).toHaveText(after);
  // On a phone the transactions are cards, a list named like the table.
  await expect(page.getByRole('list', { name: `${player.name}’s transactions` })).toContainText(
    'Goodwill credit after a failed deposit',
  );

  // The player's page was not reloaded: the socket's wallet.updated moved the header.
  await expect(headerBalance(other.page)).toHaveText(after);
  await other.context.close();
});

test('a visitor sends a message from /contact and the admin reads it in /boss/contacts and marks it handled', async ({
  page,
  browser,
  baseURL,
}) => {
  const subject = `Where is my withdrawal? ${stamp()}`;
  const visitor = await newPlayerPage(browser, baseURL);
  await visitor.page.goto('/contact');
  await expect(visitor.page).toHaveTitle('Ayo Lotto | Contact');
  const form = visitor.page.getByRole('form', { name: 'Contact us' });

  // Checked in the browser first, with the server's rules: nothing is sent yet.
  await form.getByLabel('Email').fill('tunde@');
  await form.getByLabel('Message').fill('Hello');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.page.getByText('All fields are required')).toBeVisible();
  await expect(form.getByLabel('Your name')).toBeFocused();
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(/Enter a valid email address/);
  await expect(form.getByLabel('Message')).toHaveAccessibleDescription(/between 10 and 5,000 characters/);
  await visitor.page.screenshot({ path: 'test-results/screenshots/contact-errors-360.png' });

  await form.getByLabel('Your name').fill('Tunde Bakare');
  await form.getByLabel('Email').fill('tunde@example.com');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('I asked for ₦5,000 yesterday and it has not reached my bank account yet.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.page.getByText('Message sent.')).toBeVisible();
  await expect(visitor.page.getByText('We have your message and will reply by email.')).toBeVisible();
  await expect(form).toBeHidden();
  await visitor.page.screenshot({ path: 'test-results/screenshots/contact-sent-360.png' });
  await visitor.context.close();

  await logInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Contacts');
  await page.getByLabel('Search messages').fill(subject);
  const message = page.getByRole('article', { name: subject });
  await expect(message).toContainText('Tunde Bakare');
  await expect(message).toContainText('tunde@example.com');
  await expect(message).toContainText('it has not reached my bank account yet');
  await expect(message).toContainText('New');
  await message.getByRole('button', { name: `Mark handled: ${subject}` }).click();
  await expect(page.getByText('Marked as handled')).toBeVisible();
  await expect(message).toContainText('Handled');
  await expect(message.getByRole('button', { name: /^Mark handled/ })).toHaveCount(0);
});

test('every back-office screen at desk and phone sizes', async ({ page, request }) => {
  test.setTimeout(180_000);
  // Something to show: a player with tickets, a contact message, a marquee message.
  const { player, id } = await fundedPlayer(request);
  await buyTickets(request, await apiToken(request, player.email, player.password));
  const contact = await request.post('/api/v1/contacts/create', {
    data: {
      name: 'Chidi Okeke',
      email: 'chidi@example.com',
      subject: 'My deposit has not arrived',
      message: 'I paid ₦2,000 by card an hour ago and my balance has not changed. Please help.',
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const token = await adminToken(request);
  await request.post('/api/v1/admin/marquees', {
    headers: { Authorization: `Bearer ${token}` },
    data: { text: 'Welcome to Ayo Lotto: draws every three minutes on Ayo Express', priority: 1 },
  });
  expect(await playerId(request, token, player.email)).toBe(id);
  // A game of its own to cancel a draw of: cancelling one of the demo games' draws would leave the other
  // journeys without a draw on sale for minutes.
  const drillName = `Cancel Drill ${stamp()}`;
  const created = await request.post('/api/v1/admin/games', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: drillName, schedule: { kind: 'weekly', slots: [{ weekday: 'Sun', time: '23:30' }] } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await expect
    .poll(async () => {
      const games = await request.get('/api/v1/admin/games', { headers: { Authorization: `Bearer ${token}` } });
      const list = ((await games.json()) as { data: { name: string; draws: unknown[] }[] }).data;
      return list.find((g) => g.name === drillName)?.draws.length ?? 0;
    })
    .toBeGreaterThan(0);

  await logInAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('stat-players_total')).not.toHaveText('0');
  await screenshotBoth(page, 'dashboard');

  await page.goto('/boss/games');
  await expect(page.getByRole('heading', { name: 'Ayo Express' })).toBeVisible();
  await screenshotBoth(page, 'games');
  await page.getByRole('link', { name: 'Draws of Ayo Express' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Game draws');
  await expect(page.getByRole('heading', { level: 1, name: 'Draws of Ayo Express' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Draws of Ayo Express' })).toBeVisible();
  await screenshotBoth(page, 'game-draws');

  // Cancel needs a reason; the draw then shows as cancelled.
  await page.goto('/boss/games');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Search games').fill(drillName);
  await page.getByRole('link', { name: `Draws of ${drillName}` }).click();
  const drill = page.getByRole('table', { name: `Draws of ${drillName}` });
  await drill.getByRole('button', { name: /^Cancel draw #/ }).first().click();
  const cancel = page.getByRole('alertdialog', { name: /^Cancel draw #/ });
  await cancel.getByRole('button', { name: 'Cancel the draw' }).click();
  await expect(cancel.getByText('A reason is required')).toBeVisible();
  await screenshotBoth(page, 'games-cancel-draw');
  await page.setViewportSize({ width: 1280, height: 800 });
  const title = (await cancel.getByRole('heading').textContent()) ?? '';
  const drawNumber = /#(\d+)/.exec(title)?.[1] ?? '';
  await cancel.getByLabel('Reason').fill('Machine fault in the studio');
  await cancel.getByRole('button', { name: 'Cancel the draw' }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText('Draw cancelled; every ticket is being refunded')).toBeVisible();
  const row = drill.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `#${drawNumber}` }) });
  await expect(row).toContainText('Cancelled');
  await expect(row).toContainText('Machine fault in the studio');
  await expect(row.getByRole('button', { name: /^Cancel draw/ })).toHaveCount(0);

  await page.goto('/boss/games');
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByRole('dialog', { name: 'New game' })).toBeVisible();
  await screenshotBoth(page, 'games-new');
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Close' }).click();

  await page.goto('/boss/players/ayo-express');
  await expect(page.getByRole('heading', { name: 'Players of Ayo Express' })).toBeVisible();
  await expect(page.getByRole('link', { name: player.name }).first()).toBeVisible();
  await screenshotBoth(page, 'players');

  await page.goto('/boss/users');
  await expect(page.getByRole('link', { name: player.name }).first()).toBeVisible();
  await screenshotBoth(page, 'users');

  await page.goto(`/boss/users/${id}`);
  await expect(page.getByTestId('admin-user-balance')).toBeVisible();
  await screenshotBoth(page, 'user');

  await page.goto('/boss/contacts');
  await expect(page.getByText('My deposit has not arrived').first()).toBeVisible();
  await screenshotBoth(page, 'contacts');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Mark handled: My deposit has not arrived' }).first().click();
  await expect(page.getByText('Marked as handled')).toBeVisible();

  await page.goto('/boss/activities');
  await expect(page.getByText('wallet.adjusted').first()).toBeVisible();
  await screenshotBoth(page, 'activities');
  await page.getByLabel('Search the audit log').fill('contact.resolved');
  await expect(page.getByText('contact.resolved').first()).toBeVisible();
  await expect(page.getByText('wallet.adjusted')).toHaveCount(0);

  await page.goto('/boss/marquee');
  await expect(page.getByRole('link', { name: /Welcome to Ayo Lotto/ })).toBeVisible();
  await screenshotBoth(page, 'marquee');
  await page.getByRole('link', { name: /Welcome to Ayo Lotto/ }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(/Welcome to Ayo Lotto/);
  await screenshotBoth(page, 'marquee-message');

  for (const [path, name] of [
    ['/boss/transactions', 'transactions'],
    ['/boss/accounts', 'accounts'],
    ['/boss/approvals', 'approvals'],
    ['/boss/change-password', 'change-password'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshotBoth(page, name);
  }

  // The player's side: the strip under the header on a phone and on a desk.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible();
  await screenshotBoth(page, 'player-home-with-marquee');
});
