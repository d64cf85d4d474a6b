// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import type { DashboardData } from '../dashboard-data';
import { DashboardFigures, statusesWithAds } from './dashboard-figures';

const i18n = createI18n('en', { en });

const DATA: DashboardData = {
  ads: { total: 3, by_status: { new: 0, moderate: 1, active: 2, sold: 0, reserved: 0, disabled: 0, canceled: 0 } },
  my_ads: { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 3 } },
  unread_messages: 4,
  wishes: 7,
  staff: {},
};

async function renderFigures(data: DashboardData) {
  const Stub = createRoutesStub([{ path: '/dashboard', Component: () => <DashboardFigures data={data} /> }]);
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={['/dashboard']} />
      </I18nProvider>,
    );
  });
}

afterEach(cleanup);

describe('DashboardFigures', () => {
  it('links each figure to its screen and each status with ads to the filtered showcase', async () => {
    await renderFigures(DATA);
    expect(screen.getByRole('link', { name: /Unread messages\s*4/ }).getAttribute('href')).toBe('/messenger');
    expect(screen.getByRole('link', { name: /Wish list\s*7/ }).getAttribute('href')).toBe('/wishes');
    expect(screen.getByRole('link', { name: 'Active: 2' }).getAttribute('href')).toBe('/my-showcase?status=active');
    expect(screen.queryByRole('link', { name: /Sold/ })).toBeNull();
    expect(screen.queryByText('Staff queues')).toBeNull();
  });

  it('shows staff only the queues they were given', async () => {
    await renderFigures({ ...DATA, staff: { ads_to_review: 5 } });
    expect(screen.getByText('Staff queues')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ads to review\s*5/ }).getAttribute('href')).toBe('/admin/advertisements');
    expect(screen.queryByText('Open reports')).toBeNull();
  });
});

describe('statusesWithAds', () => {
  it('keeps the statuses in their usual order, only those with ads', () => {
    expect(statusesWithAds({ sold: 1, moderate: 2, active: 0 })).toEqual(['moderate', 'sold']);
  });
});
