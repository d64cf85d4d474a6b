// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FirstMessageSafetyTip, MessageSafetyTip } from '../features/chat/components/message-safety-tip';
import en from '../i18n/en.json';
import fi from '../i18n/fi.json';
import { createI18n } from '../lib/i18n';
import { pickMessages } from '../lib/message-parts';
import { I18nProvider } from '../lib/use-translation';
import { SAFE_TRADING_PAGE, SafetyTip } from './safety-tip';

function renderIn(locale: 'en' | 'fi', element: ReactNode, siteName?: string, messages: Record<string, unknown> = { en, fi }[locale]) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site: siteName ? { siteName } : undefined }),
      Component: () => element,
      HydrateFallback: () => null,
    },
  ]);
  render(
    <I18nProvider i18n={createI18n(locale, { [locale]: messages })}>
      <Stub initialEntries={['/']} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('the safety tips', () => {
  it('under a flagged message: says what was found, the tip with the site’s name, and links to the safe-trading page', async () => {
    renderIn('en', <MessageSafetyTip kinds={['phone', 'whatsapp', 'lookalike_domain']} />, 'Torikauppa');
    const note = await screen.findByRole('note', { name: 'Safety tip' });
    expect(note.textContent).toContain(
      'This message contains a phone number, a WhatsApp contact, and an address posing as Torikauppa or Posti.',
    );
    expect(note.textContent).toContain('Torikauppa never asks you to pay through a link');
    expect(screen.getByRole('link', { name: 'Read how to trade safely' }).getAttribute('href')).toBe(SAFE_TRADING_PAGE);
  });

  it('speaks Finnish, and says Kauppis when the site’s name is not known', async () => {
    renderIn('fi', <MessageSafetyTip kinds={['phone', 'email']} />);
    const note = await screen.findByRole('note', { name: 'Turvallisuusvinkki' });
    expect(note.textContent).toContain('Viestissä on puhelinnumero ja sähköpostiosoite.');
    expect(note.textContent).toContain('Kauppis ei koskaan pyydä maksamaan linkin kautta');
    expect(screen.getByRole('link', { name: 'Lue turvallisen kaupankäynnin ohjeet' })).toBeTruthy();
  });

  it('on the first-message screen: the tip without findings', async () => {
    renderIn('en', <FirstMessageSafetyTip />);
    const note = await screen.findByRole('note', { name: 'Safety tip' });
    expect(note.textContent).toContain('Be careful if someone asks you to move to WhatsApp');
    expect(note.textContent).not.toContain('This message contains');
  });

  it('beside the ad’s "Send message", with only the texts a public page hydrates with', async () => {
    const first = pickMessages(fi, 'first') as { safety: Record<string, string> };
    function AdTip() {
      return <SafetyTip text={first.safety.ad_tip!} />;
    }
    renderIn('fi', <AdTip />, undefined, first);
    const note = await screen.findByRole('note', { name: 'Turvallisuusvinkki' });
    expect(note.textContent).toContain('Turvallinen kauppa: pidä keskustelu täällä');
    expect(screen.getByRole('link', { name: 'Lue turvallisen kaupankäynnin ohjeet' }).getAttribute('href')).toBe(SAFE_TRADING_PAGE);
  });
});
