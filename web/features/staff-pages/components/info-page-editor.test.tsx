// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InfoPageEditView, InfoPageSavedView, InfoVersionsView } from '../../../../server/modules/pages/pages.schemas';
import { DialogHost } from '../../../components/dialog-host';
import en from '../../../i18n/en.json';
import { ApiError, api } from '../../../lib/api-client';
import { dialogStore } from '../../../lib/dialogs';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { toastStore } from '../../../lib/toasts';
import { draftKey, readDraft, writeDraft } from '../local-draft';
import { InfoPageEditor } from './info-page-editor';

// The shared editor loads Tiptap on demand; here a plain field with the same contract stands in.
vi.mock('../../../components/rich-text-editor', () => ({
  RichTextEditor: ({
    label,
    value,
    onChange,
    errors,
  }: {
    label: string;
    value: string;
    onChange: (v: string) => void;
    errors?: string[];
  }) => (
    <label>
      {label}
      <textarea value={value} onChange={(event) => onChange(event.target.value)} />
      {errors?.map((e) => (
        <span key={e}>{e}</span>
      ))}
    </label>
  ),
}));

const i18n = createI18n('en', { en });

const PAGE: InfoPageEditView = {
  slug: 'contacts',
  locale: 'en',
  title: 'Contacts',
  body: '<p>Write to us.</p>',
  updated_at: '2026-11-24T10:00:00Z',
  updated_by: { id: 3, name: 'Eeva Editor' },
};
const VERSIONS: InfoVersionsView = {
  data: [
    {
      id: 9,
      title: 'Contacts',
      bytes: 20,
      created_at: '2026-11-24T10:00:00Z',
      created_by: { id: 3, name: 'Eeva Editor' },
      restored_from: null,
      current: true,
    },
    { id: 4, title: 'Contact', bytes: 18, created_at: '2026-11-20T10:00:00Z', created_by: null, restored_from: null, current: false },
  ],
  meta: { current_page: 1, last_page: 1, per_page: 20, total: 2 },
};
const saved = (title: string, body: string, changed = true): InfoPageSavedView => ({
  message: changed ? 'Page saved.' : 'Nothing had changed, so no new version was made.',
  changed,
  data: { ...PAGE, title, body, updated_at: '2026-11-24T12:00:00Z' },
});

async function renderEditor() {
  const Stub = createRoutesStub([
    {
      path: '/admin/pages/contacts/en',
      loader: () => null,
      HydrateFallback: () => null,
      Component: () => <InfoPageEditor page={PAGE} versions={VERSIONS} />,
    },
    { path: '/admin/pages/contacts/fi', Component: () => <p>Finnish editor</p> },
  ]);
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={['/admin/pages/contacts/en']} />
        <DialogHost />
      </I18nProvider>,
    );
  });
  await screen.findByLabelText('Title');
}

const titleField = () => screen.getByLabelText('Title') as HTMLInputElement;
const bodyField = () => screen.getByLabelText('Text') as HTMLTextAreaElement;
const type = (element: HTMLElement, value: string) => act(async () => fireEvent.change(element, { target: { value } }));

beforeEach(() => {
  window.localStorage.clear();
  toastStore.set([]);
  dialogStore.set([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('InfoPageEditor', () => {
  it('saves title and text, says so, and forgets the draft kept on this device', async () => {
    const save = vi.spyOn(api, 'saveInfoPage').mockResolvedValue(saved('Contact us', '<p>Call us.</p>'));
    await renderEditor();
    await type(titleField(), 'Contact us');
    await type(bodyField(), '<p>Call us.</p><script>x</script>');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(save).toHaveBeenCalledWith('contacts', 'en', { title: 'Contact us', body: '<p>Call us.</p><script>x</script>' });
    // What the server stored (sanitized) is what the editor shows now.
    expect(bodyField().value).toBe('<p>Call us.</p>');
    expect(toastStore.get().map((t) => t.message)).toContain('Page saved.');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(readDraft('contacts', 'en')).toBeUndefined();
  });

  it('shows the server’s field errors beside the fields and keeps what was typed', async () => {
    vi.spyOn(api, 'saveInfoPage').mockRejectedValue(
      new ApiError('The given data was invalid.', 422, { errors: { title: ['Field is required'] } }),
    );
    await renderEditor();
    await type(titleField(), '');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByText('Check the marked fields.')).toBeTruthy();
    expect(screen.getByText('Field is required')).toBeTruthy();
    expect(titleField().getAttribute('aria-invalid')).toBe('true');
    expect(bodyField().value).toBe('<p>Write to us.</p>');
  });

  it('keeps a draft on this device while typing and offers it when the page opens again', async () => {
    await renderEditor();
    await type(titleField(), 'Contacts and feedback');
    await waitFor(() => expect(readDraft('contacts', 'en')?.title).toBe('Contacts and feedback'), { timeout: 3000 });
    expect(screen.getByText(/Draft kept on this device/)).toBeTruthy();
    cleanup();

    await renderEditor();
    expect(titleField().value).toBe('Contacts');
    expect(screen.getByText(/This device has an unsaved draft from/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use the draft' })));
    expect(titleField().value).toBe('Contacts and feedback');
  });

  it('offers no draft that equals the stored text, and discards one on request', async () => {
    writeDraft('contacts', 'en', { title: PAGE.title, body: PAGE.body, at: '2026-11-24T11:00:00Z' });
    await renderEditor();
    expect(screen.queryByText(/unsaved draft/)).toBeNull();
    cleanup();

    writeDraft('contacts', 'en', { title: 'Old idea', body: '<p>x</p>', at: '2026-11-24T11:00:00Z' });
    await renderEditor();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Discard the draft' })));
    expect(window.localStorage.getItem(draftKey('contacts', 'en'))).toBeNull();
    expect(titleField().value).toBe('Contacts');
  });

  it('asks before leaving with unsaved changes: stay keeps them, leave goes', async () => {
    await renderEditor();
    await type(titleField(), 'Changed');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Suomi' })));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(titleField().value).toBe('Changed');

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Suomi' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Leave' })));
    expect(await screen.findByText('Finnish editor')).toBeTruthy();
  });

  it('leaves without asking when nothing changed', async () => {
    await renderEditor();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Suomi' })));
    expect(await screen.findByText('Finnish editor')).toBeTruthy();
    expect(dialogStore.get()).toEqual([]);
  });

  it('previews the text as the server would store it', async () => {
    const preview = vi.spyOn(api, 'previewInfoPage').mockResolvedValue({ data: { body: '<h2>Clean</h2>' } });
    await renderEditor();
    await type(bodyField(), '<h1>Clean</h1><img src=x onerror=alert(1)>');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Preview' })));
    expect(preview).toHaveBeenCalledWith('<h1>Clean</h1><img src=x onerror=alert(1)>');
    expect(screen.getByRole('heading', { level: 2, name: 'Clean' })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back to editing' })));
    expect(bodyField().value).toBe('<h1>Clean</h1><img src=x onerror=alert(1)>');
  });

  it('restores an earlier version after asking, warning that unsaved changes go', async () => {
    const restore = vi.spyOn(api, 'restoreInfoPageVersion').mockResolvedValue({
      ...saved('Contact', '<p>Old text.</p>'),
      message: 'The earlier version is the page’s text again.',
    });
    await renderEditor();
    await type(titleField(), 'Half-typed');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Restore the version saved on/ })));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore this version?' });
    expect(dialog.textContent).toContain('Your unsaved changes in the editor will be replaced.');
    expect(dialog.textContent).toContain('The page’s text becomes the initial text from');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restore' })));
    expect(restore).toHaveBeenCalledWith('contacts', 'en', 4);
    await waitFor(() => expect(titleField().value).toBe('Contact'));
    expect(bodyField().value).toBe('<p>Old text.</p>');
  });
});
