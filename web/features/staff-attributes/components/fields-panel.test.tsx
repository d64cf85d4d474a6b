// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAttribute } from '../../../../server/modules/attributes/attributes.schemas';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import en from '../../../i18n/en.json';
import { ApiError, api } from '../../../lib/api-client';
import { dialogStore } from '../../../lib/dialogs';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import { FieldFormDialog } from './field-form-dialog';
import { FieldsPanel } from './fields-panel';
import { RetireFieldDialog } from './retire-dialog';

const i18n = createI18n('en', { en });

const catalog = (id: number, name: string, parent: number | null): AdminCatalog => ({
  id,
  parent_id: parent,
  slug: name.toLowerCase(),
  path: [name.toLowerCase()],
  name_fi: `${name} fi`,
  name_en: name,
  name_ru: `${name} ru`,
  name_sv: '',
  position: 0,
  depth: parent === null ? 0 : 1,
  hidden: false,
  hidden_by_parent: false,
  children_count: 0,
  ads_count: 0,
  active_ads_count: 0,
  subtree_ads_count: 0,
  old_slugs: [],
});
const catalogs = [catalog(1, 'Transport', null), catalog(2, 'Cars', 1)];

const field = (id: number, key: string, catalogId: number, extra: Partial<AdminAttribute> = {}): AdminAttribute => ({
  id,
  catalog_id: catalogId,
  inherited: catalogId !== 2,
  key,
  type: 'number',
  unit: null,
  min: null,
  max: null,
  decimals: 0,
  labels: { fi: `${key} fi`, en: `${key} en`, ru: `${key} ru` },
  options: [],
  required: false,
  filter: false,
  card: null,
  position: id,
  retired: false,
  ...extra,
});
const fields = [field(1, 'age', 1), field(2, 'year', 2, { card: 1, filter: true }), field(3, 'mileage_km', 2, { unit: 'km' })];

function renderPanel(onClose = () => undefined) {
  render(
    <I18nProvider i18n={i18n}>
      <FieldsPanel catalog={catalogs[1]!} catalogs={catalogs} onClose={onClose} />
    </I18nProvider>,
  );
}

beforeEach(() => {
  toastStore.set([]);
  dialogStore.set([]);
  vi.spyOn(api, 'adminAttributes').mockResolvedValue({ data: fields });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('FieldsPanel', () => {
  it('shows the inherited fields read-only with where they come from, and the own ones with their actions', async () => {
    renderPanel();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Fields: Cars' }));
    await screen.findByText('year en');
    expect(screen.getByText('Inherited from: Transport')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Actions: age en' })).toBeNull();
    const year = screen.getByRole('group', { name: 'Actions: year en' });
    expect(within(year).getByRole('button', { name: 'Move year en up' })).toHaveProperty('disabled', true);
    expect(screen.getByText('On cards, place 1')).toBeTruthy();
    expect(screen.getByText('Number (km)')).toBeTruthy();
  });

  it('gives the focus back to what opened it when closed', async () => {
    const onClose = vi.fn();
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    renderPanel(onClose);
    await screen.findByText('year en');
    fireEvent.click(screen.getByRole('button', { name: 'Close fields' }));
    expect(onClose).toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('moves a field with the keyboard-reachable buttons and keeps the focus on the moved field', async () => {
    const reorder = vi
      .spyOn(api, 'reorderAttributes')
      .mockResolvedValue({ message: 'Order of the fields saved.', data: [fields[0]!, fields[2]!, fields[1]!] });
    renderPanel();
    await screen.findByText('year en');
    fireEvent.click(screen.getByRole('button', { name: 'Move year en down' }));
    await waitFor(() => expect(reorder).toHaveBeenCalledWith(2, [3, 2]));
    // At the bottom now: "down" is disabled, so the focus is on its "up".
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move year en up' })));
    expect(toastStore.get().at(-1)?.message).toBe('Order of the fields saved.');
  });

  it('opens the forms and the retire confirmation as dialogs', async () => {
    renderPanel();
    await screen.findByText('year en');
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit: year en' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retire: mileage_km en' }));
    expect(dialogStore.get().map((d) => d.component)).toEqual([FieldFormDialog, FieldFormDialog, RetireFieldDialog]);
    expect(dialogStore.get()[1]!.props).toMatchObject({ catalogId: 2, field: fields[1] });
  });
});

describe('FieldFormDialog', () => {
  function renderForm(props: Partial<Parameters<typeof FieldFormDialog>[0]> = {}) {
    const onDone = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <FieldFormDialog catalogId={2} catalogName="Cars" onDone={onDone} close={() => undefined} {...props} />
      </I18nProvider>,
    );
    return onDone;
  }

  it('sends a new choice field with its options', async () => {
    const create = vi.spyOn(api, 'createAttribute').mockResolvedValue({ message: 'Field "Fuel" added.', data: fields[1]! });
    const onDone = renderForm();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'choice' } });
    fireEvent.change(screen.getByLabelText('Key'), { target: { value: 'fuel' } });
    fireEvent.change(screen.getByLabelText('Name in Finnish'), { target: { value: 'Käyttövoima' } });
    fireEvent.change(screen.getByLabelText('Name in English'), { target: { value: 'Fuel' } });
    fireEvent.change(screen.getByLabelText('Name in Russian'), { target: { value: 'Топливо' } });
    fireEvent.change(screen.getByLabelText('Value of option 1'), { target: { value: 'petrol' } });
    fireEvent.change(screen.getByLabelText('Option 1 in Finnish'), { target: { value: 'Bensiini' } });
    fireEvent.click(screen.getByLabelText('Search filter: buyers can narrow the search by it'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    });
    expect(create).toHaveBeenCalledWith(2, {
      key: 'fuel',
      type: 'choice',
      labels: { fi: 'Käyttövoima', en: 'Fuel', ru: 'Топливо', sv: '' },
      unit: null,
      min: null,
      max: null,
      decimals: 0,
      options: [{ value: 'petrol', labels: { fi: 'Bensiini', en: '', ru: '', sv: '' } }],
      required: false,
      filter: true,
      card: null,
    });
    expect(onDone).toHaveBeenCalledWith('Field "Fuel" added.');
  });

  it('shows the refusals under their inputs, and a number that is none before sending', async () => {
    const errors = { 'labels.en': ['Field is required'], 'options.0.labels.ru': ['Field is required'], catalog: ['Too many.'] };
    vi.spyOn(api, 'createAttribute').mockRejectedValue(new ApiError('Refused', 422, { message: 'Refused', errors }));
    renderForm();
    fireEvent.change(screen.getByLabelText('Smallest value (optional)'), { target: { value: 'ten' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    });
    expect(api.createAttribute).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Smallest value (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a number.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Smallest value (optional)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'choices' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    });
    expect(screen.getByLabelText('Name in English').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Option 1 in Russian').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Too many.');
  });
});
