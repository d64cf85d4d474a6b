// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductCard } from '../../../../server/modules/ads/ads.schemas';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { ProductResults } from './product-results';

const i18n = createI18n('en', { en });

const card = (n: number): ProductCard =>
  ({
    id: n,
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Ad ${n}`,
    price: 1000,
    kind: 'sell',
    status: 'active',
    image: { card: `/media/${n}-card.webp`, thumb: `/media/${n}-thumb.webp` },
    city: { id: 1, name: 'Helsinki' },
    catalog: { id: 1, name: 'Bicycles' },
    created_at: '2026-11-24T10:00:00.000Z',
  }) as unknown as ProductCard;

function renderResults(view: 'card' | 'list', headingLevel?: 2 | 3) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <ProductResults products={[1, 2, 3, 4, 5, 6].map(card)} view={view} headingLevel={headingLevel} /> },
  ]);
  return render(
    <I18nProvider i18n={i18n}>
      <Stub />
    </I18nProvider>,
  ).container;
}

const pictures = (view: 'card' | 'list') => [...renderResults(view).querySelectorAll('img')];

afterEach(cleanup);

describe('the result cards', () => {
  it.each(['card', 'list'] as const)(
    'load the first row of pictures at once, with high priority, and the rest lazily (%s view)',
    (view) => {
      const imgs = pictures(view);
      expect(imgs).toHaveLength(6);
      expect(imgs.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
      expect(imgs.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'high', 'high', 'high', 'auto', 'auto']);
    },
  );

  it.each(['card', 'list'] as const)('titles the cards one level below the heading above them (%s view)', (view) => {
    expect(renderResults(view).querySelectorAll('h3')).toHaveLength(6);
    cleanup();
    const underH1 = renderResults(view, 2);
    expect(underH1.querySelectorAll('h2')).toHaveLength(6);
    expect(underH1.querySelectorAll('h3')).toHaveLength(0);
  });
});

describe('the result cards near a place', () => {
  function renderNear(view: 'card' | 'list') {
    const products = [
      { ...card(1), distance_km: 12.4 },
      { ...card(2), status: 'reserved', distance_km: 0.3 },
    ] as ProductCard[];
    const Stub = createRoutesStub([{ path: '/', Component: () => <ProductResults products={products} view={view} /> }]);
    return render(
      <I18nProvider i18n={i18n}>
        <Stub />
      </I18nProvider>,
    ).container;
  }

  it.each(['card', 'list'] as const)('say how far each ad is, and mark a reserved ad "Reserved" (%s view)', (view) => {
    const [first, second] = [...renderNear(view).querySelectorAll('article')];
    expect(first!.textContent).toContain('Helsinki · 12 km · Bicycles');
    expect(first!.textContent).not.toContain('Reserved');
    expect(second!.textContent).toContain('Helsinki · 0 km');
    expect(second!.textContent).toContain('Reserved');
  });

  it('say no distance when the search is near nowhere', () => {
    expect(renderResults('card').querySelector('article')!.textContent).not.toMatch(/\d km/);
  });
});
