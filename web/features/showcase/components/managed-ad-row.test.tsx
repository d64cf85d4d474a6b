// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManagedAd } from '../../../../server/modules/ads/ads.schemas';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { ManagedAdRow } from './managed-ad-row';

const hiddenAd = (hidden: boolean): ManagedAd => ({
  id: 1,
  uuid: '1f706f65-5ba7-41f7-8dde-bf326fdb3ffe',
  name: 'Merkkilaukku',
  description: '',
  price: 90,
  kind: 'sell',
  price_unit: null,
  status: 'canceled',
  address: null,
  city: { id: 1, name: 'Helsinki' },
  approved: false,
  rejection_reason: 'Counterfeit goods',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  expires_at: null,
  archived_at: null,
  region_id: 1,
  catalog: { id: 1, slug: 'bags', name: 'Bags' },
  image: null,
  images_count: 0,
  next_statuses: [],
  hidden_by_decision: hidden,
  attribute_values: {},
});

function renderRow(ad: ManagedAd) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <ManagedAdRow ad={ad} busy={false} onStatus={() => {}} onDelete={() => {}} /> },
  ]);
  render(
    <I18nProvider i18n={createI18n('en', { en })}>
      <Stub initialEntries={['/']} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('a hidden ad in my showcase', () => {
  it('hidden by a decision after a report: says what the ad page says, and leads there to appeal', () => {
    renderRow(hiddenAd(true));
    expect(screen.getByText(en.appeal.title)).toBeTruthy();
    expect(screen.getByText(en.appeal.how)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.showcase.decision_open }).getAttribute('href')).toBe(
      '/1f706f65-5ba7-41f7-8dde-bf326fdb3ffe',
    );
    expect(screen.queryByText(en.showcase.rejected.next)).toBeNull();
  });

  it('only rejected by a moderator: fix and save to send it for review again', () => {
    renderRow(hiddenAd(false));
    expect(screen.getByText(en.showcase.rejected.next)).toBeTruthy();
    expect(screen.queryByText(en.appeal.title)).toBeNull();
  });
});
