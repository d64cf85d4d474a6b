import type { Sealer } from '../../platform/secrets.ts';
import type { Throttle } from '../../platform/throttle.ts';
import type { AuthRepo } from './auth.repo.ts';
import type { AuthService } from './auth.service.ts';

export interface TwoFactorDeps {
  repo: AuthRepo;
  auth: AuthService;
  sealer: Sealer;
  throttle: Throttle;
  siteName: string;
}

/** Two-factor authentication with TOTP and recovery codes (being built). */
export function createTwoFactorService(_deps: TwoFactorDeps) {
  return {};
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
