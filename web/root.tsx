import { useTranslation } from './lib/use-translation';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { AppShell } from './components/app-shell';
import { ErrorScreen } from './components/error-screen';
import { NotFoundScreen } from './components/not-found-screen';
import { pageTitle } from './lib/meta';
import { rootShouldRevalidate } from './lib/revalidation';
import { themeBootScript } from './lib/preferences';
import { useScriptNonce } from './lib/script-nonce';
import { toSessionUser } from './lib/session-user.server';

export async function loader({ context }: Route.LoaderArgs) {
  const { site, locale, preferences, user } = context;
  // The badges and the hearts are right in the first HTML, not only after hydration; the socket
  // keeps the messenger's count current after that.
  const [wishes, unreadMessages, unreadNotifications] = user
    ? await Promise.all([
        context.services.wishes.uuids(user),
        context.services.chat.unreadTotal(user),
        context.services.notifications.unreadCount(user),
      ])
    : [null, null, null];
  return {
    site: { siteName: site.siteName, publicUrl: site.publicUrl, supportEmail: site.supportEmail, locale },
    repositoryUrl: site.repositoryUrl,
    locale,
    theme: preferences.theme,
    consent: preferences.consent,
    policyVersion: await context.services.privacy.cachedPolicyVersion(),
    user: user ? toSessionUser(user) : null,
    wishes,
    unreadMessages,
    unreadNotifications,
    // Titles for the error screens, whose own loaders never ran.
    errorTitles: { notFound: context.t('not_found.title'), error: context.t('error_page.title') },
  };
}

export const shouldRevalidate = rootShouldRevalidate;

export function meta({ data, error }: Route.MetaArgs) {
  if (!error || !data) return [];
  const is404 = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: pageTitle(is404 ? data.errorTitles.notFound : data.errorTitles.error, data.site.siteName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { i18n } = useTranslation();
  const locale = data?.locale ?? i18n.language ?? 'fi';
  const scriptNonce = useScriptNonce();
  return (
    <html
      lang={locale}
      className={data?.theme === 'dark' ? 'dark' : undefined}
      data-account-theme={data?.user ? data.theme : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f4c81" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The browser hides a nonce once read: the client's render has none to match. */}
        <script nonce={scriptNonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell data={loaderData}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>('root');
  const is404 = isRouteErrorResponse(error) && error.status === 404;
  const screen = is404 ? <NotFoundScreen /> : <ErrorScreen />;
  // Without root data (the root loader itself failed) render the bare screen.
  return data ? <AppShell data={data}>{screen}</AppShell> : screen;
}
