import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import fi from '../web/i18n/fi.json' with { type: 'json' };
import { closeBrowser, hydrated, newPage, open } from './browser';

/** A Finnish text by its key, without markup tags: the journey reads what a Finnish user reads. */
function t(key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fi);
  return String(value).replace(/<\/?\w+>/g, '');
}

const PASSWORD = 'Tosi#Hyva#Salasana77';

afterAll(closeBrowser);

describe('account in Finnish: registration, log-in and two-factor through the screens', () => {
  it('registers, logs in, turns two-factor on, logs out, logs in with a code', async () => {
    const page = await newPage({ locale: 'fi-FI' });
    const email = `e2e-fi-${Date.now()}@example.com`;

    await open(page, '/register?lang=fi');
    await page.getByLabel(t('account.fields.name')).fill('Erkki Esimerkki');
    await page.getByLabel(t('account.fields.email')).fill(email);
    await page.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t('account.fields.password_confirmation'), { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: t('account.register.terms') }).check();
    await page.getByRole('button', { name: t('account.register.submit') }).click();
    await page.getByText(t('auth.registered').slice(0, 30)).waitFor();

    await open(page, '/login?redirectTo=%2Fsettings%2Fpassword');
    await page.getByLabel(t('account.fields.email')).fill(email);
    await page.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
    await page.waitForURL('**/settings/password');
    await hydrated(page);

    await page.getByRole('button', { name: t('account.two_factor.turn_on'), exact: true }).click();
    const setup = page.getByRole('dialog', { name: t('account.two_factor.setup_title') });
    await setup.getByRole('img', { name: t('account.two_factor.qr_label') }).waitFor();
    const secret = (await setup.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).innerText()).replace(/\s+/g, '');
    await setup.getByLabel(t('account.two_factor.step_code')).fill(await generate({ secret }));
    await setup.getByRole('button', { name: t('account.two_factor.confirm') }).click();
    const codes = page.getByRole('list', { name: t('account.two_factor.codes_title') });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: t('account.two_factor.done') }).click();
    await page.getByText(t('account.two_factor.status_on'), { exact: true }).waitFor();

    await page.getByRole('button', { name: t('nav.user_menu') }).click();
    await page.getByRole('menuitem', { name: t('user_menu.logout') }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await open(page, '/login?redirectTo=%2Fsettings%2Fpassword');
    await page.getByLabel(t('account.fields.email')).fill(email);
    await page.getByLabel(t('account.fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
    await page.waitForURL('**/mfa-confirm**');
    await hydrated(page);
    // The code that turned it on may not be used again: wait for the next 30-second step.
    await page.waitForTimeout((30 - (Math.floor(Date.now() / 1000) % 30)) * 1000 + 500);
    await page.getByLabel(t('account.mfa.code')).fill(await generate({ secret }));
    await page.getByRole('button', { name: t('account.mfa.submit') }).click();
    await page.waitForURL('**/settings/password');
    await page.context().close();
  }, 120_000);
});
