// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import en from '../../../i18n/en.json';
import { api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import { ReportsQueue } from './reports-queue';

const i18n = createI18n('en', { en });

const report = {
  id: 41,
  subject_type: 'product' as const,
  subject_id: 314,
  product: {
    id: 314,
    uuid: 'a3f1c6a2-0000-4000-8000-000000000314',
    name: 'Helkama Jopo',
    status: 'active',
    url: '/a3f1c6a2-0000-4000-8000-000000000314',
  },
  reason: 'fraud' as never,
  details: 'The pictures are from another ad.',
  reporter: { id: 5, name: 'Visitor', email: 'visitor@example.com' },
  same_subject_open: 1,
  rating: null,
  conversation: null,
  status: 'open' as never,
  resolution: null,
  resolution_note: null,
  created_at: '2026-11-20T10:00:00Z',
  resolved_at: null,
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toastStore.set([]);
});

describe('ReportsQueue', () => {
  it('says with a success toast that a moderator’s decision was saved, as other staff actions do', async () => {
    const resolve = vi
      .spyOn(api, 'resolveReport')
      .mockResolvedValue({ message: 'Report handled (1 reports about the same subject closed).' });
    const Stub = createRoutesStub([
      {
        path: '/admin/reports',
        Component: () => (
          <>
            <ReportsQueue tab="open" subject={null} reports={[report]} appeals={[]} total={1} page={1} lastPage={1} />
            <ToastHost />
          </>
        ),
        loader: () => null,
      },
    ]);
    render(
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={['/admin/reports']} />
      </I18nProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: en.admin_reports.resolve }));
    const dialog = screen.getByRole('dialog', { name: en.admin_reports.resolve_title });
    fireEvent.click(within(dialog).getByLabelText(new RegExp(en.admin_reports.action_no_action)));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: en.admin_reports.resolve_submit })));
    expect(resolve).toHaveBeenCalledWith(41, { action: 'no_action' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Report handled');
    expect(toastStore.get()).toEqual([expect.objectContaining({ icon: 'success' })]);
  });
});
