import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MOBILE, checkA11y, closeBrowser, hydrated, newPage, open, screenshot } from './browser';

const DEMO_PASSWORD = 'Kauppis#Demo2026';
const NEW_PASSWORD = 'Tosi#Hyva#Salasana77';

async function logIn(page: Page, email: string, password: string, path = '/login'): Promise<void> {
  await open(page, path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function register(page: Page, email: string): Promise<void> {
  await open(page, '/register?lang=en');
  await page.getByLabel('Name').fill('Erkki Esimerkki');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('checkbox', { name: 'I accept the terms of use' }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByText('Thanks for registering! Check your e-mail').waitFor();
}

afterAll(closeBrowser);

describe('account: log-in, registration, settings', () => {
  it('refuses wrong credentials under the field, then signs in and goes back to where the visitor was going', async () => {
    const page = await newPage({ locale: 'en-GB' });
    const response = await open(page, '/settings/profile?lang=en');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(response?.status()).toBe(200);
    await checkA11y(page, 'log-in');

    await page.getByLabel('E-mail').fill('user@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const email = page.getByLabel('E-mail');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('The provided credentials are incorrect.').count()).toBe(1);
    expect(await email.inputValue()).toBe('user@example.com');

    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/settings/profile');
    await hydrated(page);
    expect(await page.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    await checkA11y(page, 'settings: profile');
    await page.context().close();
  });

  it('registers, shows the banner to the unverified account, and resends: busy, then "Email Sent!" and disabled', async () => {
    const page = await newPage({ locale: 'en-GB', viewport: MOBILE });
    const email = `e2e-${Date.now()}@example.com`;
    await register(page, email);
    await checkA11y(page, 'registered');
    await logIn(page, email, NEW_PASSWORD, '/login?lang=en');
    await page.waitForURL((url) => url.pathname === '/');
    await hydrated(page);
    const banner = page.getByRole('region', { name: 'E-mail verification' });
    expect(await banner.innerText()).toContain('is not verified yet');
    await banner.getByRole('button', { name: 'Resend e-mail' }).click();
    const sent = banner.getByRole('button', { name: 'Email Sent!' });
    await sent.waitFor();
    expect(await sent.isDisabled()).toBe(true);
    await screenshot(page, 'account-banner-mobile');
    await page.context().close();
  });

  it('saves the profile with a city picked by its Swedish name, and says so', async () => {
    const page = await newPage({ locale: 'en-GB' });
    await logIn(page, 'user@example.com', DEMO_PASSWORD, '/login?lang=en&redirectTo=%2Fsettings%2Fprofile');
    await page.waitForURL('**/settings/profile');
    await hydrated(page);
    const city = page.getByRole('combobox', { name: /^City/ });
    await city.fill('');
    await city.pressSequentially('Helsingfors');
    await page.getByRole('option', { name: /^Helsinki/ }).click();
    expect(await city.inputValue()).toBe('Helsinki');
    await page.getByLabel(/^Phone number/).fill('040 123 4567');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor();
    await open(page, '/settings/profile');
    expect(await page.getByRole('combobox', { name: /^City/ }).inputValue()).toBe('Helsinki');
    await page.context().close();
  });

  it('turns two-factor on, logs out from the user menu, logs in with a code, and turns it off', async () => {
    const page = await newPage({ locale: 'en-GB' });
    const email = `e2e-2fa-${Date.now()}@example.com`;
    await register(page, email);
    await logIn(page, email, NEW_PASSWORD, '/login?lang=en&redirectTo=%2Fsettings%2Fpassword');
    await page.waitForURL('**/settings/password');
    await hydrated(page);

    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const setup = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
    await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await setup.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).innerText()).replace(/\s+/g, '');
    await setup.getByLabel('2. Enter the 6-digit code the app shows').fill(await generate({ secret }));
    await setup.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Your recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await checkA11y(page, 'recovery codes');
    await page.getByRole('button', { name: 'I have saved the codes' }).click();
    await page.getByText('Two-factor authentication is on', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await logIn(page, email, NEW_PASSWORD, '/login?lang=en&redirectTo=%2Fsettings%2Fpassword');
    await page.waitForURL('**/mfa-confirm**');
    await hydrated(page);
    // The code that turned it on may not be used again: wait for the next 30-second step.
    await page.waitForTimeout((30 - (Math.floor(Date.now() / 1000) % 30)) * 1000 + 500);
    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/settings/password');
    await hydrated(page);

    await page.getByRole('button', { name: 'Turn off' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Turn off two-factor authentication?' });
    await confirm.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await confirm.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('Two-factor authentication is off', { exact: true }).waitFor();
    await page.context().close();
  }, 120_000);
});
