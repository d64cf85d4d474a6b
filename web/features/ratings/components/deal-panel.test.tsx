// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DealItem } from '../../../../server/modules/ratings/ratings.schemas';
import fi from '../../../i18n/fi.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { ratingsApi } from '../ratings-api';
import { type DealRoom, DealPanel } from './deal-panel';

const ROOM: DealRoom = {
  role: 'seller',
  other: { id: 7, label: 'Olli O.', deleted: false },
  product: { uuid: '11111111-2222-4333-8444-555555555555', name: 'Helkama Jopo', status: 'active' },
};

const DEAL: DealItem = {
  id: 3,
  kind: 'sold',
  role: 'seller',
  subject: 'Helkama Jopo',
  ad: { uuid: ROOM.product.uuid!, name: 'Helkama Jopo' },
  other: { id: 7, name: 'Olli', avatar: null },
  room_id: 70,
  created_at: '2026-05-02T10:00:00Z',
  rate_until: '2026-06-01T10:00:00Z',
  may_rate: true,
  my_rating: null,
  their_rating: null,
  their_rating_waiting: false,
};

function show(room: DealRoom, deal: DealItem | null) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <DealPanel room={room} deal={deal} /> }]);
  return render(
    <I18nProvider i18n={createI18n('fi', { fi })}>
      <Stub />
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DealPanel', () => {
  it('asks the seller whether they sold to this person, and opens the choice with them chosen', async () => {
    vi.spyOn(ratingsApi, 'candidates').mockResolvedValue({
      data: [{ id: 7, name: 'Olli Ostaja', avatar: null, room_id: 70, last_message_at: '2026-05-02T10:00:00Z' }],
      deal: null,
      may_mark_sold: true,
    });
    show(ROOM, null);
    expect(await screen.findByText('Myitkö tämän keskustelun henkilölle (Olli O.)?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Merkitse myydyksi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kenelle myit?' });
    expect(((await within(dialog).findByRole('radio', { name: /Olli Ostaja/ })) as HTMLInputElement).checked).toBe(true);
  });

  it('shows nothing to a buyer before a deal, nor for an ad that is gone or waiting for review', async () => {
    show({ ...ROOM, role: 'buyer' }, null);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    show({ ...ROOM, product: { ...ROOM.product, status: 'moderate' } }, null);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks each side to rate once the deal is made, and shows the stars given after', async () => {
    show(ROOM, DEAL);
    expect(await screen.findByText('Merkitsit ilmoituksen myydyksi ostajalle Olli.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Arvioi kauppa' }));
    expect(await screen.findByRole('dialog', { name: 'Arvioi kauppa: Olli' })).toBeTruthy();
    cleanup();

    show(ROOM, {
      ...DEAL,
      may_rate: false,
      my_rating: { id: 1, stars: 4, text: '', created_at: DEAL.created_at, reply: null, hidden: false },
    });
    expect(await screen.findByRole('img', { name: '4 tähteä viidestä' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Omat kaupat' }).getAttribute('href')).toBe('/deals');
  });
});
