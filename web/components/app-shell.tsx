import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useMatches, useNavigate } from 'react-router';
import type { SessionUser } from '../../server/load-context';
import { useStoredLanguage } from '../hooks/use-language';
import { usePageFocus } from '../hooks/use-page-focus';
import { configureApiClient } from '../lib/api-client';
import { allMessagesLoaded } from '../lib/messages-loaded';
import type { Locale } from '../../common/locales';
import type { Consent, Theme } from '../lib/preferences';
import { ConsentBanner } from './consent-banner';
import { DialogHost } from './dialog-host';
import { EmailVerificationBanner } from './email-verification-banner';
import { ImpersonationBanner } from './impersonation-banner';
import { Footer } from './footer';
import { RepositoryRibbon } from './repository-ribbon';
import { ToastHost } from './toast-host';
import { TopBar } from './top-bar';
import { ServerWishList } from '../lib/wish-list';

// The drawer (and the dialog code it brings) loads on the first press of the menu button.
// Opened by a press, maybe before the rest of the texts came: it waits for them.
const Drawer = lazy(() => Promise.all([import('./drawer'), allMessagesLoaded()]).then(([m]) => ({ default: m.Drawer })));

export interface ShellData {
  site: { siteName: string; supportEmail?: string | null };
  repositoryUrl: string;
  locale: Locale;
  theme: Theme | undefined;
  consent: Consent | undefined;
  /** The privacy policy's version (issue 27): the consent banner asks again when it changes. */
  policyVersion?: string;
  user: SessionUser | null;
  /** The signed-in person's wished ads (uuids), read by the server for this page. */
  wishes: readonly string[] | null;
  /** The signed-in person's unread messages, counted by the server for this page. */
  unreadMessages: number | null;
  /** Likewise the notification centre's unread count (the bell). */
  unreadNotifications: number | null;
}

/** Route modules set `handle = { ribbon: true }` to show the repository ribbon. */
export interface RouteHandle {
  ribbon?: boolean;
}

export function AppShell({ data, children }: { data: ShellData; children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const showRibbon = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.ribbon);

  useStoredLanguage(data.locale);
  usePageFocus();
  useEffect(() => {
    configureApiClient({ t, locale: () => i18n.language, navigate: (to) => void navigate(to) });
  }, [t, i18n, navigate]);

  return (
    <ServerWishList.Provider value={data.wishes}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-raised focus:px-3 focus:py-2"
        >
          {t('nav.skip_to_content')}
        </a>
        <TopBar
          siteName={data.site.siteName}
          user={data.user}
          theme={data.theme}
          unreadMessages={data.unreadMessages}
          unreadNotifications={data.unreadNotifications}
          onMenu={() => {
            setDrawerWanted(true);
            setDrawerOpen(true);
          }}
        />
        {data.user?.impersonated && <ImpersonationBanner name={data.user.name} />}
        {data.user && !data.user.emailVerified && <EmailVerificationBanner userId={data.user.id} email={data.user.email} />}
        {drawerWanted && (
          <Suspense fallback={null}>
            <Drawer isOpen={drawerOpen} onOpenChange={setDrawerOpen} user={data.user} />
          </Suspense>
        )}
        {showRibbon && <RepositoryRibbon href={data.repositoryUrl} />}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">
          {children}
        </main>
        <Footer siteName={data.site.siteName} supportEmail={data.site.supportEmail ?? null} />
        <ConsentBanner initial={data.consent} policyVersion={data.policyVersion} signedIn={data.user !== null} />
        <ToastHost />
        <DialogHost />
      </div>
    </ServerWishList.Provider>
  );
}
