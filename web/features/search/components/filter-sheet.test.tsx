// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { parseListingParams } from '../listing-params';
import { FilterSheet } from './filter-sheet';

const i18n = createI18n('en', { en });

afterEach(cleanup);

describe('FilterSheet', () => {
  it('is a sheet from the bottom on a phone and a side panel of reading width from the small breakpoint up', () => {
    const data = {
      params: parseListingParams(new URL('http://x/search?q=jopo')),
      regions: [],
      cities: [],
      catalogs: [],
      filterFields: [],
      facets: {},
      facetsCapped: false,
    };
    const Stub = createRoutesStub([{ path: '/search', Component: () => <FilterSheet isOpen onOpenChange={() => {}} data={data} /> }]);
    render(
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={['/search?q=jopo']} />
      </I18nProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    const panel = dialog.parentElement!.className.split(/\s+/);
    // The phone's sheet: the whole width, at the bottom.
    expect(panel).toEqual(expect.arrayContaining(['inset-x-0', 'bottom-0', 'rounded-t-2xl']));
    // A wider screen: anchored to the right edge at full height, its width bounded, the left edge let go.
    expect(panel).toEqual(expect.arrayContaining(['sm:inset-y-0', 'sm:right-0', 'sm:left-auto', 'sm:w-[28rem]', 'sm:max-w-[90vw]']));
    expect(screen.getByRole('button', { name: 'Show results' })).toBeTruthy();
  });
});
