// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, createRoutesStub, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { SearchBox } from './search-box';

const i18n = createI18n('en', { en });

/** The front page as far as the box goes: its words come from the URL, the logo leads to a clean `/`. */
function FrontPage() {
  const [params] = useSearchParams();
  return (
    <>
      <Link to="/">Logo</Link>
      <Link to="/?q=bike">Bikes</Link>
      <SearchBox defaultValue={params.get('q') ?? ''} />
    </>
  );
}

function renderAt(url: string) {
  const Stub = createRoutesStub([{ path: '/', Component: FrontPage }]);
  return render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[url]} />
    </I18nProvider>,
  );
}

const box = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Search ads' });

beforeEach(() => {
  vi.spyOn(api, 'searchHint').mockResolvedValue({ data: [] });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the search box follows the URL', () => {
  it('empties when the logo leads to the clean front page', async () => {
    renderAt('/?q=trek');
    expect((await screen.findByRole<HTMLInputElement>('combobox', { name: 'Search ads' })).value).toBe('trek');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Logo' })));
    expect(box().value).toBe('');
  });

  it('drops half-typed words for the words of a new search, and keeps them while the search stays', async () => {
    renderAt('/?q=trek');
    const input = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Search ads' });
    fireEvent.change(input, { target: { value: 'trekking' } });
    expect(box().value).toBe('trekking');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Bikes' })));
    expect(box().value).toBe('bike');
  });

  it('asks for suggestions only for what was typed, not for the words the URL brought', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/?q=trek');
      await act(async () => vi.advanceTimersByTimeAsync(500));
      expect(api.searchHint).not.toHaveBeenCalled();
      fireEvent.change(box(), { target: { value: 'trekk' } });
      await act(async () => vi.advanceTimersByTimeAsync(500));
      expect(api.searchHint).toHaveBeenCalledWith('trekk', expect.anything());
    } finally {
      vi.useRealTimers();
    }
  });
});
