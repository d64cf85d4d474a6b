import { type TBoolean, Type } from 'typebox';

/** Every social sign-in the product knows (spec section 3); the client shows an icon for each one the server enables. */
export const OAUTH_PROVIDERS = [
  'apple',
  'twitter',
  'google',
  'microsoft',
  'tiktok',
  'youtube',
  'instagram',
  'facebook',
  'github',
  'twitch',
  'linkedin',
  'zoho',
  'stackexchange',
  'gitlab',
  'reddit',
  'snapchat',
  'meetup',
  'bitbucket',
  'atlassian',
] as const;
export type OauthProvider = (typeof OAUTH_PROVIDERS)[number];

/**
 * A path on this site: one leading slash, and not "//" or "/\" (which browsers read as another host),
 * no backslashes, spaces or control characters anywhere.
 */
export const SAME_SITE_PATH_PATTERN = '^/(?![/\\\\])[^\\\\\\s\\u0000-\\u001f\\u007f]*$';

// A plain string, not a union of the names: an unknown provider gets its own message, not a schema error.
export const ProviderParams = Type.Object({ provider: Type.String({ minLength: 1, maxLength: 40 }) });

/** Optional as a whole: the route reads a missing body as `{}`. */
export const StartBody = Type.Object(
  {
    redirect_to: Type.Optional(
      Type.String({ maxLength: 500, pattern: SAME_SITE_PATH_PATTERN, description: 'Where to go after signing in' }),
    ),
  },
  { additionalProperties: false },
);
export const StartReply = Type.Object({ url: Type.String({ description: "The provider's authorization URL to send the browser to" }) });

// Loose on purpose: whatever comes back from the provider, the callback answers with a redirect, never a JSON error.
export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});

export const LoginsReply = Type.Object({
  logins: Type.Object(Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, Type.Boolean()])) as Record<OauthProvider, TBoolean>),
});

export const OauthAccountParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const OauthAccountList = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.Integer(),
      provider: Type.String(),
      email: Type.Union([Type.String(), Type.Null()]),
      created_at: Type.String(),
    }),
  ),
});
export const OauthMessage = Type.Object({ message: Type.String() });
