import { sql } from 'drizzle-orm';
import { products } from '../../db/schema/products.ts';

/**
 * An ad that has not ended (issue 27): the condition the listing, the alerts and the sitemap add to
 * their own. Only an active ad ends (a reserved one stays findable); an ad without an end (never
 * approved, or from before the lifecycle) does not. The end is read at the database's clock, so an
 * ad leaves search the moment it ends, not when the hourly sweep runs.
 */
export const NOT_ENDED = sql`(${products.status} <> 'active' or ${products.expiresAt} is null or ${products.expiresAt} > now())`;

/** The same for a query over `products` written as plain SQL without a table alias. */
export const NOT_ENDED_PLAIN = sql.raw(`(status <> 'active' or expires_at is null or expires_at > now())`);
