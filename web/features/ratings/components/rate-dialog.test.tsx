// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RATING_TEXT_MAX } from '../../../../common/ratings';
import fi from '../../../i18n/fi.json';
import { ApiError } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { ratingsApi } from '../ratings-api';
import { RateDialog } from './rate-dialog';

const RATED = 'Kiitos arviosta!';

function open() {
  const onRated = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <I18nProvider i18n={createI18n('fi', { fi })}>
      <RateDialog dealId={9} otherName="Olli" isOpen onOpenChange={onOpenChange} onRated={onRated} />
    </I18nProvider>,
  );
  const dialog = () => screen.getByRole('dialog', { name: 'Arvioi kauppa: Olli' });
  const text = () => within(dialog()).getByRole('textbox', { name: /Kerro muille kaupasta/ }) as HTMLTextAreaElement;
  const submit = () => act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Lähetä arvio' })));
  return { onRated, onOpenChange, dialog, text, submit };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RateDialog', () => {
  it('asks for the stars first, and sends nothing without them', async () => {
    const rate = vi.spyOn(ratingsApi, 'rate');
    const { dialog, submit } = open();
    await submit();
    expect(rate).not.toHaveBeenCalled();
    expect(within(dialog()).getByText('Valitse 1–5 tähteä.')).toBeTruthy();
  });

  it('sends the stars and the trimmed text, then closes and says thanks', async () => {
    const rate = vi.spyOn(ratingsApi, 'rate').mockResolvedValue({ data: { id: 3 }, message: RATED });
    const { dialog, text, submit, onRated } = open();
    expect(text().maxLength).toBe(RATING_TEXT_MAX);
    fireEvent.click(within(dialog()).getByRole('radio', { name: '5 tähteä viidestä' }));
    fireEvent.change(text(), { target: { value: '  Nopea ja reilu kauppa.  ' } });
    await submit();
    expect(rate).toHaveBeenCalledWith(9, 5, 'Nopea ja reilu kauppa.');
    expect(onRated).toHaveBeenCalledWith(RATED);
  });

  it('shows the server’s refusal: a second rating of the same deal', async () => {
    const refusal = new ApiError('Tämä on jo tehty.', 409, {
      message: 'Tämä on jo tehty.',
      errors: { deal: ['Olet jo arvioinut tämän kaupan. Kaupan voi arvioida vain kerran.'] },
    });
    vi.spyOn(ratingsApi, 'rate').mockRejectedValue(refusal);
    const { dialog, submit, onRated } = open();
    fireEvent.click(within(dialog()).getByRole('radio', { name: '3 tähteä viidestä' }));
    await submit();
    expect(onRated).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('alert').textContent).toContain('Tämä on jo tehty.');
  });
});
