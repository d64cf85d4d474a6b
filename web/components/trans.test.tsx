// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import fi from '../i18n/fi.json';
import ru from '../i18n/ru.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { Trans } from './trans';

afterEach(cleanup);

function renderTerms(i18n: ReturnType<typeof createI18n>) {
  return render(
    <I18nProvider i18n={i18n}>
      <p>
        <Trans i18nKey="account.register.terms" components={{ terms: <a href="/terms" /> }} />
      </p>
    </I18nProvider>,
  );
}

describe('Trans', () => {
  it.each([
    ['fi', fi, 'Hyväksyn <a href="/terms">käyttöehdot</a>'],
    ['en', en, 'I accept the <a href="/terms">terms of use</a>'],
    ['ru', ru, 'Я принимаю <a href="/terms">условия использования</a>'],
  ] as const)('puts the link where the %s sentence has it', (locale, messages, html) => {
    const { container } = renderTerms(createI18n(locale, { [locale]: messages }));
    expect(container.querySelector('p')!.innerHTML).toBe(html);
  });

  it('re-renders in the new language, and leaves a tag with no component as text', () => {
    const i18n = createI18n('en', { en, fi });
    const { container } = renderTerms(i18n);
    act(() => i18n.changeLanguage('fi'));
    expect(container.textContent).toBe('Hyväksyn käyttöehdot');

    const other = createI18n('en', { en: { text: 'a <b>bold</b> <x>move</x>' } });
    const { container: second } = render(
      <I18nProvider i18n={other}>
        <Trans i18nKey="text" components={{ b: <strong /> }} />
      </I18nProvider>,
    );
    expect(second.innerHTML).toBe('a <strong>bold</strong> &lt;x&gt;move&lt;/x&gt;');
  });
});
