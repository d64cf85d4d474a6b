import * as oidc from 'openid-client';
import type { IdentityOutcome as CommonOutcome } from '../../../common/identity.ts';

/** Seconds each call to the broker (discovery, keys, token) may take. */
const BROKER_TIMEOUT_S = 10;

/** Why an identification ended without a verification; the settings page shows the matching text. */
export type IdentityOutcome = Exclude<CommonOutcome, 'verified'>;

/** An identification that cannot go on. `reason` is for the log only, never for the person. */
export class IdentityFailure extends Error {
  constructor(
    readonly reason: string,
    readonly outcome: IdentityOutcome = 'failed',
  ) {
    super(reason);
    this.name = 'IdentityFailure';
  }
}

export interface BrokerSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

/** What one identification binds together: the same values go out with the request and are expected back. */
export interface IdentificationChecks {
  state: string;
  nonce: string;
  /** The PKCE verifier; only its S256 challenge leaves the server before the token request. */
  verifier: string;
}

function describe(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) {
    return `${error.error}${error.error_description ? ` (${error.error_description})` : ''}`;
  }
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' ? `${code}: ${message}` : message;
}

/**
 * The FTN identification broker as an OpenID Connect provider, through openid-client: discovery
 * from the configured issuer (the document must name that very issuer), the authorization code flow
 * with PKCE S256, state and nonce, and the ID token checked whole: its signature against the broker's
 * published keys (non-repudiation: the token is what we keep the verification on), issuer,
 * audience, expiry and nonce; an `iss` in the authorization response (RFC 9207) must be the broker's too.
 * Plain http is allowed only for a broker on this machine (config.ts refuses it otherwise).
 */
export function createBroker(settings: BrokerSettings, redirectUri: string) {
  let configuration: Promise<oidc.Configuration> | undefined;

  async function discover(): Promise<oidc.Configuration> {
    const issuer = new URL(settings.issuer);
    try {
      return await oidc.discovery(issuer, settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
        timeout: BROKER_TIMEOUT_S,
        execute: [oidc.enableNonRepudiationChecks, ...(issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [])],
      });
    } catch (error) {
      throw new IdentityFailure(`discovery of ${settings.issuer} failed: ${describe(error)}`, 'unavailable');
    }
  }

  // Discovered once; a failed discovery is not kept, so the next attempt tries again.
  const configured = (): Promise<oidc.Configuration> => {
    configuration ??= discover().catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  };

  return {
    async authorizationUrl(checks: IdentificationChecks): Promise<string> {
      const config = await configured();
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: settings.scope,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
      }).href;
    },

    /**
     * Checks the broker's answer at the callback (`search`: the callback's query string as it came),
     * trades the code for tokens and gives the ID token's claims, every check passed.
     */
    async claims(search: string, checks: IdentificationChecks): Promise<Record<string, unknown>> {
      const config = await configured();
      const callback = new URL(redirectUri);
      callback.search = search;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callback, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.verifier,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        return claims as Record<string, unknown>;
      } catch (error) {
        const cancelled = error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied';
        throw new IdentityFailure(`broker answer refused: ${describe(error)}`, cancelled ? 'cancelled' : 'failed');
      }
    },
  };
}

export type Broker = ReturnType<typeof createBroker>;

export const newChecks = (): IdentificationChecks => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  verifier: oidc.randomPKCECodeVerifier(),
});
