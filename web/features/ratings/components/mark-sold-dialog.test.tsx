// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fi from '../../../i18n/fi.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { ratingsApi } from '../ratings-api';
import { MarkSoldDialog } from './mark-sold-dialog';

const AD = { uuid: '11111111-2222-4333-8444-555555555555', name: 'Helkama Jopo' };
const PEOPLE = [
  { id: 7, name: 'Olli Ostaja', avatar: null, room_id: 70, last_message_at: '2026-05-02T10:00:00Z' },
  { id: 8, name: 'Kalle Kyselijä', avatar: null, room_id: 80, last_message_at: '2026-05-01T10:00:00Z' },
];

function open(buyerId?: number) {
  const onSold = vi.fn();
  render(
    <I18nProvider i18n={createI18n('fi', { fi })}>
      <MarkSoldDialog ad={AD} buyerId={buyerId} isOpen onOpenChange={() => undefined} onSold={onSold} />
    </I18nProvider>,
  );
  const dialog = () => screen.getByRole('dialog', { name: 'Kenelle myit?' });
  return { onSold, dialog };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('MarkSoldDialog', () => {
  it('lists the people who wrote about the ad and marks it sold to the one chosen', async () => {
    vi.spyOn(ratingsApi, 'candidates').mockResolvedValue({ data: PEOPLE, deal: null, may_mark_sold: true });
    const makeDeal = vi.spyOn(ratingsApi, 'makeDeal').mockResolvedValue({ data: { id: 1 }, message: 'Ilmoitus on merkitty myydyksi.' });
    const { dialog, onSold } = open();
    const group = await within(dialog()).findByRole('radiogroup', { name: 'Ostaja' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    // Nobody chosen yet: the form says so instead of sending.
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Merkitse myydyksi' })));
    expect(makeDeal).not.toHaveBeenCalled();
    expect(within(dialog()).getByText('Valitse ostaja.')).toBeTruthy();

    fireEvent.click(within(group).getByRole('radio', { name: /Kalle Kyselijä/ }));
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Merkitse myydyksi' })));
    expect(makeDeal).toHaveBeenCalledWith(AD.uuid, 8);
    expect(onSold).toHaveBeenCalledWith('Ilmoitus on merkitty myydyksi.');
  });

  it('starts with the chat room’s buyer chosen', async () => {
    vi.spyOn(ratingsApi, 'candidates').mockResolvedValue({ data: PEOPLE, deal: null, may_mark_sold: true });
    const makeDeal = vi.spyOn(ratingsApi, 'makeDeal').mockResolvedValue({ data: { id: 1 }, message: 'ok' });
    const { dialog } = open(7);
    expect(((await within(dialog()).findByRole('radio', { name: /Olli Ostaja/ })) as HTMLInputElement).checked).toBe(true);
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Merkitse myydyksi' })));
    expect(makeDeal).toHaveBeenCalledWith(AD.uuid, 7);
  });

  it('says when nobody has written yet, and when the ad has its buyer already', async () => {
    vi.spyOn(ratingsApi, 'candidates').mockResolvedValueOnce({ data: [], deal: null, may_mark_sold: true });
    const first = open();
    await waitFor(() => expect(within(first.dialog()).getByText(/Kukaan ei ole vielä lähettänyt/)).toBeTruthy());
    expect(within(first.dialog()).queryByRole('button', { name: 'Merkitse myydyksi' })).toBeNull();
    cleanup();

    vi.spyOn(ratingsApi, 'candidates').mockResolvedValueOnce({
      data: PEOPLE,
      deal: { id: 3, buyer: { id: 7, name: 'Olli Ostaja', avatar: null } },
      may_mark_sold: false,
    });
    const second = open();
    await waitFor(() => expect(within(second.dialog()).getByText('Ilmoitus on jo merkitty myydyksi ostajalle Olli Ostaja.')).toBeTruthy());
  });
});
