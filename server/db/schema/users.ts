import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { municipalities } from './geo.ts';
import { LOCALES } from '../../../common/locales.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    surname: text('surname'),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** argon2id; null for accounts that only sign in through a provider. */
    passwordHash: text('password_hash'),
    avatarKey: text('avatar_key'),
    phone: text('phone'),
    /** Show `phone` on my ads, behind a "show number" press (never in the page's HTML). */
    showPhone: boolean('show_phone').notNull().default(false),
    cityId: integer('city_id').references(() => municipalities.id, { onDelete: 'set null' }),
    street: text('street'),
    birthday: date('birthday'),
    themeDark: boolean('theme_dark').notNull().default(false),
    locale: text('locale', { enum: LOCALES }).notNull().default('fi'),
    /** Mail me when a chat message waits unread (one mail per room). */
    notifyMessages: boolean('notify_messages').notNull().default(true),
    /** TOTP secret, encrypted with the app secret (AES-256-GCM); set while enabling, kept once confirmed. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorConfirmedAt: timestamp('two_factor_confirmed_at', { withTimezone: true }),
    /** The last TOTP time step accepted, so a code cannot be replayed. */
    twoFactorLastStep: integer('two_factor_last_step'),
    /** Set while staff have blocked the account: it cannot sign in, and its sessions are gone. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** Why, as the staff member wrote it (for staff only; the person is told to contact support). */
    blockedReason: text('blocked_reason'),
    /**
     * Strong identification (issue 25): when, how ("bank", "mobile", as the broker's `amr` said)
     * and the name the broker gave. Never the personal identity code.
     */
    identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
    identityMethod: text('identity_method'),
    identityName: text('identity_name'),
    /** Sells as a business (DSA Art. 30): the trader's details, shown on their ads. */
    trader: boolean('trader').notNull().default(false),
    companyName: text('company_name'),
    /** Y-tunnus, "1234567-8", its check digit verified. */
    businessId: text('business_id'),
    companyAddress: text('company_address'),
    companyEmail: text('company_email'),
    companyPhone: text('company_phone'),
    /** Held for review by the scam guard (issue 25) until staff release it; why, for staff. */
    heldAt: timestamp('held_at', { withTimezone: true }),
    heldReason: text('held_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_city_id_idx').on(t.cityId),
    // The admin overview counts new accounts per day.
    index('users_created_at_idx').on(t.createdAt),
  ],
);
