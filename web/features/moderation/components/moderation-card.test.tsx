// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModerationItem } from '../../../../server/modules/ads/ads.schemas';
import fi from '../../../i18n/fi.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { ModerationCard } from './moderation-card';

const i18n = createI18n('fi', { fi });

function item(flags: ModerationItem['flags']): ModerationItem {
  return {
    id: 1,
    uuid: 'ad-1',
    name: 'Halpa pyörä',
    description: 'Hyvä pyörä.',
    price: 120,
    kind: 'sell',
    price_unit: null,
    status: 'moderate',
    address: null,
    city: { id: 1, name: 'Helsinki' },
    approved: false,
    rejection_reason: null,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    expires_at: null,
    archived_at: null,
    catalog: { id: 1, path: [{ slug: 'bicycles', name: 'Polkupyörät' }] },
    images: [],
    seller: { id: 2, name: 'Sari', email: 'sari@example.com' },
    flags,
  };
}

function show(flags: ModerationItem['flags']) {
  render(
    <MemoryRouter>
      <I18nProvider i18n={i18n}>
        <ModerationCard item={item(flags)} inQueue busy={false} onApprove={vi.fn()} onReject={vi.fn()} onStatus={vi.fn()} />
      </I18nProvider>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('ModerationCard flags', () => {
  it('a duplicate picture shows the badge with a link to the other seller’s ad', () => {
    show([{ kind: 'duplicate_picture', product_id: 7, product: { uuid: 'other-ad', name: 'Helkama kaupunkipyörä' } }]);
    const flags = screen.getByRole('list', { name: 'Syyt tarkastukseen' });
    expect(within(flags).getByText('Sama kuva toisen myyjän ilmoituksessa')).toBeTruthy();
    expect(within(flags).getByRole('link', { name: 'Helkama kaupunkipyörä' }).getAttribute('href')).toBe('/other-ad');
  });

  it('says so when the other ad is gone, and shows nothing without flags', () => {
    show([{ kind: 'duplicate_picture', product_id: 7, product: null }]);
    expect(screen.getByText('(toinen ilmoitus on jo poistettu)')).toBeTruthy();
    cleanup();
    show([]);
    expect(screen.queryByRole('list', { name: 'Syyt tarkastukseen' })).toBeNull();
  });
});
