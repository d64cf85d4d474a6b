// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RatingItem, RatingListReply } from '../../../../server/modules/ratings/ratings.schemas';
import fi from '../../../i18n/fi.json';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import { ratingsApi } from '../ratings-api';
import { RatingsList } from './ratings-list';

function rating(id: number, overrides: Partial<RatingItem> = {}): RatingItem {
  return {
    id,
    stars: 5,
    text: `Arvio ${id}`,
    rater: { name: 'Olli', avatar: null },
    subject: 'Helkama Jopo',
    role: 'seller',
    created_at: '2026-05-02T10:00:00Z',
    reply: null,
    may_reply: false,
    may_report: true,
    ...overrides,
  };
}

function page(data: RatingItem[], current = 1, last = 1): RatingListReply {
  return {
    data,
    summary: { average: 4.7, count: 12 },
    meta: { current_page: current, last_page: last, per_page: 10, total: 12 },
    links: { first: '', last: '', prev: null, next: null },
  };
}

function show(initial: RatingListReply) {
  return render(
    <I18nProvider i18n={createI18n('fi', { fi })}>
      <MemoryRouter>
        <RatingsList userId={4} name="Maija" initial={initial} />
      </MemoryRouter>
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toastStore.set([]);
});

describe('RatingsList', () => {
  it('shows each rating with its stars, words, rater, role, deal and answer, and the summary', () => {
    show(page([rating(2, { reply: { text: 'Kiitos!', created_at: '2026-05-03T10:00:00Z' } }), rating(1, { stars: 3, role: 'buyer' })]));
    const section = screen.getByRole('region', { name: 'Arviot' });
    expect(section.textContent).toContain('★ 4,7 (12 arviota)');
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: '5 tähteä viidestä' })).toBeTruthy();
    expect(items[0]!.textContent).toContain('Myyjänä · Kauppa: Helkama Jopo');
    expect(items[0]!.textContent).toContain('Kiitos!');
    expect(within(items[1]!).getByRole('img', { name: '3 tähteä viidestä' })).toBeTruthy();
    expect(items[1]!.textContent).toContain('Ostajana');
  });

  it('says so when there are no ratings yet', () => {
    show({ ...page([]), summary: { average: null, count: 0 } });
    expect(screen.getByText(/Ei vielä arvioita/)).toBeTruthy();
  });

  it('lets the rated person answer once: the answer shows and the form goes', async () => {
    const reply = vi.spyOn(ratingsApi, 'reply').mockResolvedValue({ message: 'Vastauksesi on julkaistu.' });
    show(page([rating(5, { may_reply: true, may_report: false })]));
    fireEvent.click(screen.getByRole('button', { name: 'Vastaa arvioon' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Vastauksesi' }), { target: { value: '  Kiitos kaupasta!  ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Julkaise vastaus' })));
    expect(reply).toHaveBeenCalledWith(5, 'Kiitos kaupasta!');
    expect(screen.getByText('Kiitos kaupasta!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vastaa arvioon' })).toBeNull();
  });

  it('reports a rating with a reason', async () => {
    const report = vi.spyOn(ratingsApi, 'report').mockResolvedValue({ message: 'Kiitos. Ylläpito tarkistaa arvion.' });
    show(page([rating(6)]));
    fireEvent.click(screen.getByRole('button', { name: 'Ilmoita arviosta, jonka antoi Olli' }));
    const dialog = screen.getByRole('dialog', { name: 'Ilmoita arviosta' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Syy' }), { target: { value: 'spam' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Lähetä ilmoitus' })));
    expect(report).toHaveBeenCalledWith(6, 'spam', undefined);
  });

  it('moves to older ratings a page at a time', async () => {
    const next = vi.spyOn(ratingsApi, 'ratingsOf').mockResolvedValue(page([rating(1, { text: 'Vanha arvio' })], 2, 2));
    show(page([rating(11)], 1, 2));
    expect(screen.getByText('Sivu 1/2')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Vanhemmat' })));
    expect(next).toHaveBeenCalledWith(4, 2);
    expect(screen.getByText('Vanha arvio')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Vanhemmat' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
