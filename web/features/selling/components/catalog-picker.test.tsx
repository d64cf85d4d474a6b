// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../lib/axe-test-support';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { type CatalogNode, CatalogPicker } from './catalog-picker';

const i18n = createI18n('en', { en });
const tree: CatalogNode[] = [
  {
    id: 1,
    name: 'Vehicles',
    children: [
      { id: 2, name: 'Bicycles', children: [{ id: 3, name: 'Children’s bikes', children: [] }] },
      { id: 4, name: 'Motorcycles', children: [{ id: 5, name: 'Street bikes', children: [] }] },
    ],
  },
];

afterEach(cleanup);

describe('CatalogPicker', () => {
  it('offers the categories suggested for the title above the tree, and one tap chooses', () => {
    const onChange = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <CatalogPicker
          tree={tree}
          value={null}
          errors={undefined}
          onChange={onChange}
          suggestions={[
            { id: 3, name: 'Children’s bikes', trail: ['Vehicles', 'Bicycles', 'Children’s bikes'] },
            { id: 5, name: 'Street bikes', trail: ['Vehicles', 'Motorcycles', 'Street bikes'] },
          ]}
        />
      </I18nProvider>,
    );
    const list = screen.getByRole('list', { name: 'Suggested for your title' });
    const options = within(list).getAllByRole('button');
    expect(options.map((o) => o.textContent)).toEqual(['Children’s bikesVehicles › Bicycles', 'Street bikesVehicles › Motorcycles']);
    fireEvent.click(options[0]!);
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('keeps the heading order under the page’s h1 (the wizard’s category step, the edit page)', async () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <h1>Category</h1>
        <CatalogPicker
          tree={tree}
          value={3}
          errors={undefined}
          onChange={() => {}}
          suggestions={[{ id: 3, name: 'Children’s bikes', trail: ['Vehicles', 'Bicycles', 'Children’s bikes'] }]}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Bicycles' })).toBeTruthy();
    expect(await axeViolations(container, ['heading-order'])).toEqual([]);
  });

  it('shows no suggestions block without suggestions', () => {
    render(
      <I18nProvider i18n={i18n}>
        <CatalogPicker tree={tree} value={null} errors={undefined} onChange={() => {}} />
      </I18nProvider>,
    );
    expect(screen.queryByRole('list', { name: 'Suggested for your title' })).toBeNull();
  });
});
