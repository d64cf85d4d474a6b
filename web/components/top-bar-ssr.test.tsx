import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../server/load-context';
import en from '../i18n/en.json';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/use-translation';
import { TopBar } from './top-bar';

const user: SessionUser = {
  id: 9,
  name: 'Maija Meikäläinen',
  email: 'maija@example.com',
  avatar: null,
  roles: ['user'],
  permissions: [],
  emailVerified: true,
  themeDark: false,
  impersonated: false,
};

/** The HTML the server sends, once everything (lazy parts included) is ready, as the page server waits for. */
function serverHtml(signedIn: boolean): Promise<string> {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <TopBar
          siteName="Kauppis"
          user={signedIn ? user : null}
          theme={undefined}
          unreadMessages={2}
          unreadNotifications={5}
          onMenu={() => {}}
        />
      ),
    },
  ]);
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const { pipe } = renderToPipeableStream(
      <I18nProvider i18n={createI18n('en', { en })}>
        <Stub />
      </I18nProvider>,
      { onAllReady: () => pipe(sink), onShellError: reject },
    );
  });
}

describe('the top bar as the server renders it', () => {
  it('has the signed-in person’s badges, the bell’s count included, in the first HTML (their code is a lazy chunk)', async () => {
    const html = await serverHtml(true);
    expect(html).toContain('aria-label="Notifications, unread: 5"');
    expect(html).toContain('href="/notifications"');
    expect(html).toContain('aria-label="Messages, unread: 2"');
  });

  it('has none of them for a visitor', async () => {
    const html = await serverHtml(false);
    expect(html).not.toContain('/notifications');
    expect(html).not.toContain('/messenger');
  });
});
