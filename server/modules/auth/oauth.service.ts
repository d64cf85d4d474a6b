import type { Config } from '../../config.ts';
import type { Sealer } from '../../platform/secrets.ts';
import type { AuthRepo } from './auth.repo.ts';
import type { AuthService } from './auth.service.ts';

export interface OauthDeps {
  repo: AuthRepo;
  auth: AuthService;
  sealer: Sealer;
  config: Config;
}

/** Sign-in through providers (Google, OpenID Connect with PKCE) (being built). */
export function createOauthService(_deps: OauthDeps) {
  return {};
}

export type OauthService = ReturnType<typeof createOauthService>;
