import type { FastifyRequest } from 'fastify';
import type { Actor, RoleSlug } from '../../common/access.ts';
import type { Locale } from '../../common/locales.ts';
import type { sessions } from '../db/schema/auth.ts';
import type { users } from '../db/schema/users.ts';

// Who is asking and from where: what every service that acts for a person takes. The session
// plugin (`session.ts`) finds the person; the routes hand both to the services.

/** The signed-in person with what every guard needs. */
export interface CurrentUser extends Actor {
  user: typeof users.$inferSelect;
  roles: RoleSlug[];
  session: typeof sessions.$inferSelect;
}

/** Where a request came from, as the audit log and the throttles record it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  locale: Locale;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], locale: request.locale };
}
