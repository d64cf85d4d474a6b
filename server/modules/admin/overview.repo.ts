import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { reports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { TIME_ZONE } from '../../../common/locales.ts';

/** One day's count: the day in Finnish time ("2026-11-24") and how many were created on it. */
export interface DayCount {
  day: string;
  n: number;
}

/** What the admin area's overview counts. Days are calendar days in Finnish time. */
export function createOverviewRepo(db: Database) {
  /** Rows created per Finnish day since the start of `firstDay` (a "YYYY-MM-DD" in Finnish time). */
  async function perDay(table: typeof users | typeof products, firstDay: string): Promise<DayCount[]> {
    // The zone is written into the statement (a constant of ours), so the grouped expression is the selected one.
    const zone = sql.raw(`'${TIME_ZONE}'`);
    const day = sql<string>`to_char(${table.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, n: count() })
      .from(table)
      // The boundary is a moment: midnight of the first day in Finnish time, so the index on created_at serves.
      .where(sql`${table.createdAt} >= (${firstDay}::date::timestamp at time zone ${zone})`)
      .groupBy(day);
    return rows.map((row) => ({ day: row.day, n: Number(row.n) }));
  }

  return {
    async adsToReview(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(products).where(eq(products.status, 'moderate'));
      return row?.n ?? 0;
    },

    async openReports(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.status, 'open'));
      return row?.n ?? 0;
    },

    newUsersPerDay: (firstDay: string) => perDay(users, firstDay),
    newAdsPerDay: (firstDay: string) => perDay(products, firstDay),

    async totals(): Promise<{ users: number; ads: number; activeAds: number }> {
      const [[people], [ads]] = await Promise.all([
        db.select({ n: count() }).from(users),
        db
          .select({ n: count(), active: sql<number>`count(*) filter (where ${products.status} = 'active')`.mapWith(Number) })
          .from(products),
      ]);
      return { users: people?.n ?? 0, ads: ads?.n ?? 0, activeAds: ads?.active ?? 0 };
    },
  };
}

export type OverviewRepo = ReturnType<typeof createOverviewRepo>;
