// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import fi from '../../../i18n/fi.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { newCatalog } from '../catalog-factories';
import { CategoryRow } from './category-row';

const i18n = createI18n('fi', { fi });

afterEach(() => cleanup());

describe('a category row’s menu button', () => {
  it('is named by what it does and for which category, says it opens a menu, and shows the focus ring', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <CategoryRow
          node={newCatalog(3, 'Eläimet')}
          first
          last
          expanded={undefined}
          busy={false}
          onToggleExpanded={() => {}}
          onAction={() => {}}
        />
      </I18nProvider>,
    );
    // "Lisää" alone was read as "Add": the button opens the category's other actions.
    const button = screen.getByRole('button', { name: 'Muut toiminnot: Eläimet' });
    expect(button.getAttribute('aria-haspopup')).toBe('true');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.classList.contains('focus-ring')).toBe(true);
    await act(async () => fireEvent.click(button));
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toContain('Siirrä muualle…');
    // The other buttons of the row carry the same ring.
    expect(screen.getByRole('button', { name: 'Siirrä Eläimet ylemmäs' }).classList.contains('focus-ring')).toBe(true);
  });
});
