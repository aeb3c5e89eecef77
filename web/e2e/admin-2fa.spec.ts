import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures';
import { TWO_FACTOR_APP_URL } from './playwright.config';

/**
 * The admin's second factor (issue 26) on its own app (E2E_PORT + 4: http://localhost, the real
 * clock): enrol an authenticator app and a passkey from the dashboard, then sign in with each;
 * with the password alone the dashboard stays closed. Chromium's virtual authenticator (CDP
 * WebAuthn domain) plays the passkey.
 */
const PASSWORD = 'e2e-admin-password';
test.use({ baseURL: TWO_FACTOR_APP_URL });
test.describe.configure({ mode: 'serial' });
// No transitions (the site honours reduced motion): axe reads final colours, never a button mid-fade.
test.use({ reducedMotion: 'reduce' });

/** The code the app shows `offsetSeconds` from now (the server accepts the step before and after its own). */
const codeAt = (secret: string, offsetSeconds = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

async function audit(page: Page) {
  // A button just clicked is hovered and focused, its colours mid-transition: audit the page at rest.
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), 'axe violations').toEqual([]);
}

async function password(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

let secret = '';
let recoveryCode = '';

test('enrol an authenticator app; then the password alone keeps the dashboard closed and a computed code opens it', async ({ page, request }) => {
  await password(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/); // no factor yet: as the spec says
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText('Only the password protects the admin.')).toBeVisible();
  await audit(page);

  await page.getByRole('button', { name: 'Add an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await audit(page);
  await page.getByLabel('Code from the app').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Confirm the authenticator app' }).click();
  await expect(page.getByText('Authenticator app added. It is now required to sign in.')).toBeVisible();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  recoveryCode = (await page.getByTestId('recovery-codes').getByRole('listitem').first().textContent())!.trim();
  // Still in: the enrolment opened a session with both factors.
  await expect(page.getByText('This session:')).toBeVisible();

  // The Basic header alone is refused now, with a reason.
  const basic = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
  const refused = await request.get('/api/admin/stats', { headers: { authorization: basic } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).code).toBe('SECOND_FACTOR_REQUIRED');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await password(page);
  await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
  await audit(page);
  // Without the second factor the dashboard stays closed: straight back to the login.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin$/);

  await password(page);
  // A wrong code says so; the code of the next step (not the one used to enrol) opens the dashboard.
  await page.getByLabel('Code from your authenticator app').fill(codeAt(secret) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid authenticator code');
  await page.getByLabel('Code from your authenticator app').fill(codeAt(secret, 30));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('tab', { name: 'Statistics' })).toBeVisible();
});

test('sign in with a recovery code, enrol a passkey (virtual authenticator), then sign in with it', async ({ page }) => {
  await virtualAuthenticator(page);
  await password(page);
  // This time with a recovery code (each works once).
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Passkey name').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added. It is now required to sign in.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Test laptop' })).toBeVisible();
  await audit(page);

  await page.getByRole('button', { name: 'Logout' }).click();
  await password(page);
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The session list shows this session, opened with the passkey.
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'This session:' })).toContainText('with a passkey');
});
