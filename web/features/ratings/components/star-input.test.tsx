// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import fi from '../../../i18n/fi.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { StarInput } from './star-input';

function Form({ errors }: { errors?: string[] }) {
  const [stars, setStars] = useState<number | null>(null);
  return (
    <I18nProvider i18n={createI18n('fi', { fi })}>
      <StarInput legend={fi.ratings.stars_legend} value={stars} onChange={setStars} errors={errors} />
      <output>{stars ?? '-'}</output>
    </I18nProvider>
  );
}

afterEach(cleanup);

describe('StarInput', () => {
  it('is a radio group named by its legend, with five stars each named in words', () => {
    render(<Form />);
    const group = screen.getByRole('radiogroup', { name: 'Miten kauppa sujui?' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 tähti viidestä',
      '2 tähteä viidestä',
      '3 tähteä viidestä',
      '4 tähteä viidestä',
      '5 tähteä viidestä',
    ]);
    // Native radios of one name: the arrow keys move between them, Tab enters and leaves the group once.
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    expect(radios.every((radio) => !radio.checked)).toBe(true);
  });

  it('chooses a number of stars and says it in words', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('radio', { name: '4 tähteä viidestä' }));
    expect((screen.getByRole('radio', { name: '4 tähteä viidestä' }) as HTMLInputElement).checked).toBe(true);
    expect(document.querySelector('output')!.textContent).toBe('4');
    expect(screen.getByText('Hyvä')).toBeTruthy();
  });

  it('links its errors to the group', () => {
    render(<Form errors={['Valitse 1–5 tähteä.']} />);
    const group = screen.getByRole('radiogroup');
    const described = document.getElementById(group.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Valitse 1–5 tähteä.');
  });
});
