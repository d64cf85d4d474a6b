// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { SellerPhone } from './seller-phone';

const asked = vi.hoisted(() => ({ uuids: [] as string[] }));
vi.mock('../../../lib/api-client', () => ({
  api: {
    sellerPhone: (uuid: string) => {
      asked.uuids.push(uuid);
      return Promise.resolve({ data: { phone: '0401234567' } });
    },
  },
}));

afterEach(cleanup);

describe('"show number" on the seller card', () => {
  it('holds no number until pressed, then offers a call link with the focus on it', async () => {
    render(
      <I18nProvider i18n={createI18n('en', { en })}>
        <SellerPhone uuid="1f706f65-5ba7-41f7-8dde-bf326fdb3ffe" sellerName="Pirjo" />
      </I18nProvider>,
    );
    expect(document.body.textContent).not.toContain('040');
    fireEvent.click(screen.getByRole('button', { name: 'Show the phone number of Pirjo' }));
    const call = await screen.findByRole('link', { name: 'Call 0401234567' });
    expect(call.getAttribute('href')).toBe('tel:0401234567');
    expect(asked.uuids).toEqual(['1f706f65-5ba7-41f7-8dde-bf326fdb3ffe']);
    await waitFor(() => expect(document.activeElement).toBe(call));
  });
});
