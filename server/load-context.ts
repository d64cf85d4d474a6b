import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission, RoleSlug } from '../common/access.ts';
import type { CurrentUser } from './platform/current-user.ts';
import type { Locale } from '../common/locales.ts';
import { translate } from './platform/i18n.ts';
import type { Services } from './services.ts';
import { CONSENT_COOKIE, THEME_COOKIE } from '../common/cookies.ts';
import { type PageSessionCookies, pageSessionCookies, secureCookies } from './platform/session.ts';

/** What the server tells every page about the visitor before any JavaScript runs. */
export interface VisitorPreferences {
  /** `dark`/`light` when chosen; undefined follows the device. */
  theme: 'dark' | 'light' | undefined;
  /** Undefined until the visitor answers the cookie banner. */
  consent: 'granted' | 'denied' | undefined;
}

/** The signed-in person as the page's components see them (root loader data); null for visitors. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  avatar: string | null;
  roles: RoleSlug[];
  /** What the access policy lets them do: the web shows menus from it. */
  permissions: Permission[];
  emailVerified: boolean;
  themeDark: boolean;
  /** True while an admin acts as this user (impersonation). */
  impersonated: boolean;
}

export interface SiteSettings {
  /** From the app settings (SITE_NAME when none is set), as it is at this request. */
  siteName: string;
  /** The support address of the app settings (footer); null when none is set. */
  supportEmail: string | null;
  publicUrl: string;
  repositoryUrl: string;
  /** The ad page's map: tile URL template (empty: no tiles) and its attribution. */
  map: { tileUrl: string; attribution: string };
}

declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    site: SiteSettings;
    locale: Locale;
    preferences: VisitorPreferences;
    /** The signed-in person (null: a visitor), as the services and the access policy take them. */
    user: CurrentUser | null;
    /** Translates a key into this request's language. */
    t: (key: string, params?: Record<string, string | number>) => string;
    /** The request's cookies, as @fastify/cookie parsed them. */
    cookies: Readonly<Record<string, string | undefined>>;
    /** Set-Cookie values of the session cookies, for page actions (the same attributes the API sets). */
    sessionCookies: PageSessionCookies;
    /** The visitor's address (X-Forwarded-For only when TRUST_PROXY is set). */
    clientIp: string;
    /**
     * This render's mark on the app's own inline scripts (web/entry.server.tsx): the page server
     * allows exactly the scripts that carry it, by their hashes, then takes it out (web.ts).
     */
    scriptNonce?: string;
  }
}

export function createLoadContext(app: FastifyInstance, request: FastifyRequest) {
  const consent = request.cookies[CONSENT_COOKIE];
  const locale = request.locale;
  const user = request.currentUser ?? null;
  // A signed-in person's theme is their account's; a visitor's is the cookie's.
  const theme = user ? (user.user.themeDark ? 'dark' : 'light') : request.cookies[THEME_COOKIE];
  return {
    services: app.services,
    site: {
      siteName: app.services.settings.siteName(),
      supportEmail: app.services.settings.current().supportEmail,
      publicUrl: app.config.publicUrl,
      repositoryUrl: app.config.repositoryUrl,
      map: { tileUrl: app.config.mapTileUrl, attribution: app.config.mapAttribution },
    },
    locale,
    preferences: {
      theme: theme === 'dark' || theme === 'light' ? theme : undefined,
      consent: consent === 'granted' || consent === 'denied' ? consent : undefined,
    } satisfies VisitorPreferences,
    user,
    t: (key: string, params?: Record<string, string | number>) => translate(locale, key, params),
    cookies: request.cookies,
    sessionCookies: pageSessionCookies(app, secureCookies(request)),
    clientIp: request.ip,
  };
}
