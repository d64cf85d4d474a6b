// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { ME, newMessage } from '../chat-factories';
import { MessageBubble, storedContent } from './message-bubble';

function renderIn(element: ReactNode) {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  render(
    <I18nProvider i18n={createI18n('en', { en })}>
      <Stub initialEntries={['/']} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('a flagged message in the timeline', () => {
  it('shows its reader the safety tip under it, naming what was found', () => {
    const message = newMessage(1, { text: 'Laita viestiä wa.me/358401234567', safety: ['whatsapp'] });
    renderIn(<MessageBubble message={storedContent(message)} mine={false} author="Seppo S." />);
    const tip = screen.getByRole('note', { name: 'Safety tip' });
    expect(tip.textContent).toContain('This message contains a WhatsApp contact.');
    expect(screen.getByRole('link', { name: 'Read how to trade safely' }).getAttribute('href')).toBe('/info/safe-shops');
  });

  it('shows no tip under one’s own flagged message, nor under an ordinary one', () => {
    renderIn(
      <>
        <MessageBubble
          message={storedContent(newMessage(2, { sender_id: ME, text: '040 123 4567', safety: ['phone'] }))}
          mine
          author="You"
        />
        <MessageBubble message={storedContent(newMessage(3, { text: 'Hinta 350 €' }))} mine={false} author="Seppo S." />
      </>,
    );
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('a message whose sender deleted their account', () => {
  it('says the message was removed instead of showing its marker', () => {
    const message = newMessage(1, { text: '', removed: true, sender_id: null });
    renderIn(<MessageBubble message={storedContent(message)} mine={false} author="Deleted user" />);
    expect(screen.getByText('Message removed')).toBeTruthy();
    expect(screen.queryByText('…')).toBeNull();
  });
});
