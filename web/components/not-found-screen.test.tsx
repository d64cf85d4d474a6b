// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { NotFoundScreen } from './not-found-screen';

const i18n = createI18n('en', { en });

afterEach(() => {
  cleanup();
});

describe('NotFoundScreen', () => {
  it('says the page was not found and offers a button back to the main page', () => {
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/no/such/page']}>
          <NotFoundScreen />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the main page' }).getAttribute('href')).toBe('/');
  });
});
