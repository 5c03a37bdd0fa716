import { enterAdminCode, enterAdminPassword } from './boss-helpers';
import {
  createVerifiedPlayer,
  expect,
  headerBalance,
  logInThroughDialog,
  newPlayer,
  readOtp,
  screenshot,
  test,
} from './fixtures';

test('a visitor signs up, verifies the emailed code, logs in, sees the profile and logs out', async ({ page, request }) => {
  const player = newPlayer();
  await page.goto('/');
  await expect(page).toHaveTitle('Ayo Lotto | Home');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('provably fair');
  await screenshot(page, 'home');

  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByRole('dialog', { name: 'Create your account' });
  await expect(signup).toBeVisible();
  await expect(signup.getByLabel('Country')).toHaveValue('NG');
  await screenshot(page, 'sign-up-dialog');

  await signup.getByLabel('Full name').fill(player.name);
  await signup.getByLabel('Email', { exact: true }).fill(player.email);
  await signup.getByLabel('Date of birth').fill('17/05/1990');
  await signup.getByLabel('Phone number').fill(player.localPhone);
  await signup.getByLabel('Password', { exact: true }).fill(player.password);
  await signup.getByRole('button', { name: 'Sign up' }).click();

  const verify = page.getByRole('dialog', { name: 'Verify your email' });
  await expect(verify).toBeVisible();
  await expect(verify.getByText(/^Account created successfully! We sent a 6-digit code/)).toBeVisible();
  await expect(verify.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
  await screenshot(page, 'sign-up-otp');

  const code = await readOtp(player.email, 'verification');
  await verify.getByLabel('6-digit code').fill(code);
  await verify.getByRole('button', { name: 'Verify' }).click();

  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  await expect(login.getByLabel('Email or phone number')).toHaveValue(player.email);
  await login.getByLabel('Password', { exact: true }).fill(player.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await expect(headerBalance(page)).toHaveText('₦0.00');

  await headerBalance(page).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page).toHaveTitle('Ayo Lotto | Profile');
  await expect(page.getByTestId('profile-phone')).toHaveText(`234******${player.localPhone.slice(-4)}`);
  await expect(page.getByText('17 May 1990')).toBeVisible();
  await screenshot(page, 'profile');

  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  // Logging out revoked the token on the server too (the page does not wait for that, so neither does the test).
  await expect
    .poll(async () => (await request.get('/api/v1/auth/profiles', { headers: { Authorization: `Bearer ${token}` } })).status())
    .toBe(401);

  // A deep link without a session opens the login, which would bring the player back (issue 32 item 8).
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/\?next=%2Fuser%2Fprofile$/);
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a player logs in with a local phone number (080…)', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request);
  await page.goto('/');
  await logInThroughDialog(page, player.localPhone, player.password);
  await expect(headerBalance(page)).toHaveText('₦0.00');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(player.email);
  // The bank list is fetched once after login and kept on the phone.
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('banks') ?? '[]').length)).toBeGreaterThan(0);
});

test('a wrong password shows the server message in an "Error!" dialog', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Email or phone number').fill(player.email);
  await login.getByLabel('Password', { exact: true }).fill('not-the-password');
  await login.getByRole('button', { name: 'Log in' }).click();
  const error = page.getByRole('alertdialog', { name: 'Error!' });
  await expect(error).toContainText('Invalid login details');
  await error.getByRole('button', { name: 'OK' }).click();
  await expect(error).toBeHidden();
  await expect(login).toBeVisible();
});

test('guests and players who open the back office land on the admin login', async ({ page, request }) => {
  await page.goto('/boss/dashboard');
  await expect(page).toHaveURL(/\/boss$/);
  await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
  await expect(page.getByText('Please login to continue')).toBeVisible();

  const player = await createVerifiedPlayer(request);
  await page.goto('/');
  await logInThroughDialog(page, player.email, player.password);
  await expect(headerBalance(page)).toBeVisible();
  await page.goto('/boss/dashboard');
  await expect(page).toHaveURL(/\/boss$/);
  await expect(page).toHaveTitle('Ayo Lotto | Admin login');
});

test('a player cannot log in to the back office', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request);
  await page.goto('/boss');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Error!' })).toContainText(
    'This account has no access to the back office',
  );
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the demo admin logs in at /boss with the authenticator code and sees the dashboard', async ({ page }) => {
  await page.goto('/boss');
  await expect(page).toHaveTitle('Ayo Lotto | Admin login');
  await enterAdminPassword(page);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  // No token until the second step is done.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await enterAdminCode(page);
  await expect(page).toHaveURL(/\/boss\/dashboard$/);
  await expect(page).toHaveTitle('Ayo Lotto | Dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-players_total')).toHaveText(/^\d[\d,]*$/);
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Change password' })).toBeVisible();
  await screenshot(page, 'boss-dashboard');

  // A logged-in admin who opens /boss again goes straight on to the dashboard.
  await page.goto('/boss');
  await expect(page).toHaveURL(/\/boss\/dashboard$/);
});

test('a player who forgot the password sets a new one with the emailed code and logs in', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request);
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await page.getByRole('dialog', { name: 'Log in' }).getByRole('link', { name: 'Forgotten Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveTitle('Ayo Lotto | Forgot password');

  await page.getByLabel('Email').fill(player.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/otp-change-password$/);
  await expect(page).toHaveTitle('Ayo Lotto | Change password with OTP');

  const code = await readOtp(player.email, 'password_reset');
  const newPassword = 'brand-new-pass';
  await page.getByLabel('6-digit code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();

  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  await expect(login.getByLabel('Email or phone number')).toHaveValue(player.email);
  await login.getByLabel('Password', { exact: true }).fill(newPassword);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await expect(headerBalance(page)).toHaveText('₦0.00');
});

test('every page has its title, the 18+ mark and the information links', async ({ page }) => {
  await page.goto('/how-to-play');
  await expect(page).toHaveTitle('Ayo Lotto | How to play');
  await expect(page.getByRole('img', { name: /18\+/ }).first()).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const name of ['About', 'Terms and conditions', 'Privacy policy', 'Responsible gaming', 'FAQs']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Ayo Lotto | Not Found');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
