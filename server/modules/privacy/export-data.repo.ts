import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, oauthAccounts, sessions } from '../../db/schema/auth.ts';
import { catalogs } from '../../db/schema/catalog.ts';
import { chatMembers, chatMessages, chatRooms } from '../../db/schema/chat.ts';
import { municipalities } from '../../db/schema/geo.ts';
import { privacyConsents, privacyExports } from '../../db/schema/privacy.ts';
import { productImages, products, wishes } from '../../db/schema/products.ts';
import { decisions, reports } from '../../db/schema/reports.ts';
import { roles, userRoles } from '../../db/schema/roles.ts';
import { savedSearches } from '../../db/schema/saved-searches.ts';
import { ratings } from '../../db/schema/trust.ts';
import { users } from '../../db/schema/users.ts';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/**
 * Everything the service keeps about one person, read for their export (GDPR Art. 15 and 20):
 * plain JSON-ready objects, one key per section. Other people appear only as what the person
 * saw of them (a counterpart's message, a rating they received); staff are never named.
 */
export function createExportDataRepo(db: Database) {
  async function account(userId: number) {
    const [user] = await db
      .select({ user: users, city: municipalities.nameFi })
      .from(users)
      .leftJoin(municipalities, eq(municipalities.id, users.cityId))
      .where(eq(users.id, userId));
    if (!user) return undefined;
    const u = user.user;
    const roleRows = await db
      .select({ slug: roles.slug })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId));
    const linked = await db
      .select({ provider: oauthAccounts.provider, createdAt: oauthAccounts.createdAt })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId));
    return {
      account: {
        id: u.id,
        email: u.email,
        email_verified_at: iso(u.emailVerifiedAt),
        has_password: u.passwordHash !== null,
        two_factor_enabled: u.twoFactorConfirmedAt !== null,
        roles: roleRows.map((r) => r.slug),
        linked_accounts: linked.map((l) => ({ provider: l.provider, linked_at: iso(l.createdAt) })),
        identity_verified_at: iso(u.identityVerifiedAt),
        identity_method: u.identityMethod,
        identity_name: u.identityName,
        blocked_at: iso(u.blockedAt),
        created_at: iso(u.createdAt),
        updated_at: iso(u.updatedAt),
      },
      profile: {
        name: u.name,
        surname: u.surname,
        phone: u.phone,
        city: user.city,
        street: u.street,
        birthday: u.birthday,
        avatar_key: u.avatarKey,
        locale: u.locale,
        theme_dark: u.themeDark,
        notify_messages: u.notifyMessages,
        trader: u.trader,
        company_name: u.companyName,
        business_id: u.businessId,
        company_address: u.companyAddress,
        company_email: u.companyEmail,
        company_phone: u.companyPhone,
      },
    };
  }

  async function sessionsAndSignIns(userId: number) {
    const open = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
    const events = await db
      .select({ action: auditLog.action, ip: auditLog.ip, createdAt: auditLog.createdAt, data: auditLog.data })
      .from(auditLog)
      .where(eq(auditLog.actorId, userId))
      .orderBy(asc(auditLog.createdAt));
    return {
      sessions: open.map((s) => ({
        started_at: iso(s.createdAt),
        last_seen_at: iso(s.lastSeenAt),
        expires_at: iso(s.expiresAt),
        ip: s.ip,
        user_agent: s.userAgent,
        remember: s.remember,
      })),
      account_events: events.map((e) => ({ action: e.action, ip: e.ip, at: iso(e.createdAt) })),
    };
  }

  async function ads(userId: number) {
    const rows = await db
      .select({ ad: products, category: catalogs.slug, city: municipalities.nameFi })
      .from(products)
      .leftJoin(catalogs, eq(catalogs.id, products.catalogId))
      .leftJoin(municipalities, eq(municipalities.id, products.cityId))
      .where(eq(products.userId, userId))
      .orderBy(asc(products.createdAt));
    const ids = rows.map((r) => r.ad.id);
    const pictures = ids.length
      ? await db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.position))
      : [];
    const history = ids.length
      ? await db
          .select({ entityId: auditLog.entityId, action: auditLog.action, data: auditLog.data, createdAt: auditLog.createdAt })
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'product'), inArray(auditLog.entityId, ids.map(String))))
          .orderBy(asc(auditLog.createdAt))
      : [];
    return rows.map(({ ad, category, city }) => ({
      uuid: ad.uuid,
      name: ad.name,
      description: ad.description,
      price_cents: ad.priceCents,
      kind: ad.kind,
      status: ad.status,
      language: ad.language,
      category,
      city,
      created_at: iso(ad.createdAt),
      updated_at: iso(ad.updatedAt),
      approved_at: iso(ad.approvedAt),
      history: history
        .filter((h) => h.entityId === String(ad.id))
        .map((h) => ({ action: h.action, at: iso(h.createdAt), details: h.data ?? null })),
      pictures: pictures
        .filter((p) => p.productId === ad.id)
        .map((p) => ({
          uuid: p.uuid,
          position: p.position,
          width: p.width,
          height: p.height,
          storage_prefix: p.storagePrefix,
          added_at: iso(p.createdAt),
        })),
    }));
  }

  async function wishList(userId: number) {
    const rows = await db
      .select({ uuid: products.uuid, name: products.name, createdAt: wishes.createdAt })
      .from(wishes)
      .innerJoin(products, eq(products.id, wishes.productId))
      .where(eq(wishes.userId, userId))
      .orderBy(asc(wishes.createdAt));
    return rows.map((r) => ({ ad_uuid: r.uuid, ad_name: r.name, saved_at: iso(r.createdAt) }));
  }

  async function searches(userId: number) {
    const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.createdAt));
    return rows.map((s) => ({ name: s.name, query: s.query, alerts: s.alerts, channels: s.channels, created_at: iso(s.createdAt) }));
  }

  async function messages(userId: number) {
    const rows = await db
      .select({ message: chatMessages, subject: chatRooms.subject })
      .from(chatMessages)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .innerJoin(chatMembers, and(eq(chatMembers.roomId, chatMessages.roomId), eq(chatMembers.userId, userId)))
      .orderBy(asc(chatMessages.roomId), asc(chatMessages.id));
    return rows.map(({ message, subject }) => ({
      conversation: message.roomId,
      subject,
      direction: message.senderId === userId ? 'sent' : 'received',
      text: message.body,
      picture_key: message.pictureKey,
      at: iso(message.createdAt),
    }));
  }

  async function ratingsOf(userId: number) {
    const rows = await db
      .select()
      .from(ratings)
      .where(or(eq(ratings.raterId, userId), eq(ratings.ratedId, userId)))
      .orderBy(asc(ratings.createdAt));
    return rows.map((r) => ({
      direction: r.raterId === userId ? 'given' : 'received',
      stars: r.stars,
      text: r.text,
      reply: r.reply,
      hidden_by_staff: r.hiddenAt !== null,
      at: iso(r.createdAt),
    }));
  }

  async function reportsAndDecisions(userId: number) {
    const made = await db.select().from(reports).where(eq(reports.reporterId, userId)).orderBy(asc(reports.createdAt));
    const about = await db.select().from(decisions).where(eq(decisions.userId, userId)).orderBy(asc(decisions.createdAt));
    return {
      reports: made.map((r) => ({
        subject_type: r.subjectType,
        subject_id: r.subjectId,
        reason: r.reason,
        details: r.details,
        status: r.status,
        resolution: r.resolution,
        resolved_at: iso(r.resolvedAt),
        at: iso(r.createdAt),
      })),
      decisions: about.map((d) => ({
        action: d.action,
        rule: d.rule,
        facts: d.facts,
        at: iso(d.createdAt),
        appeal: d.appealText,
        appealed_at: iso(d.appealedAt),
        appeal_outcome: d.appealOutcome,
        appeal_note: d.appealNote,
        appeal_decided_at: iso(d.appealDecidedAt),
      })),
    };
  }

  async function consents(userId: number) {
    const rows = await db.select().from(privacyConsents).where(eq(privacyConsents.userId, userId)).orderBy(asc(privacyConsents.createdAt));
    const exports = await db.select().from(privacyExports).where(eq(privacyExports.userId, userId)).orderBy(asc(privacyExports.createdAt));
    return {
      cookie_consents: rows.map((c) => ({ choice: c.choice, policy_version: c.policyVersion, at: iso(c.createdAt) })),
      data_exports: exports.map((e) => ({
        status: e.status,
        requested_at: iso(e.createdAt),
        ready_at: iso(e.readyAt),
        expires_at: iso(e.expiresAt),
      })),
    };
  }

  return {
    /** Every section of the export; undefined when the account is gone. */
    async collect(userId: number) {
      const base = await account(userId);
      if (!base) return undefined;
      const [signIns, adList, wishList_, searchList, messageList, ratingList, moderation, consentList] = await Promise.all([
        sessionsAndSignIns(userId),
        ads(userId),
        wishList(userId),
        searches(userId),
        messages(userId),
        ratingsOf(userId),
        reportsAndDecisions(userId),
        consents(userId),
      ]);
      return {
        account: base.account,
        profile: base.profile,
        sessions: signIns,
        ads: adList,
        wishes: wishList_,
        saved_searches: searchList,
        messages: messageList,
        ratings: ratingList,
        reports: moderation,
        consents: consentList,
      };
    },
  };
}

export type ExportDataRepo = ReturnType<typeof createExportDataRepo>;
export type ExportData = NonNullable<Awaited<ReturnType<ExportDataRepo['collect']>>>;
