import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission, RoleSlug } from '../../common/access.ts';
import { type TestUser, createUser, loginAs } from '../test/accounts.ts';
import { buildTestApp } from '../test/app.ts';
import { createCustomStaff, createRole } from '../test/roles.ts';

/**
 * The authorization matrix's second half (issue 31): who may act on whom. Actors are roles of the
 * site's own that hold one staff permission each (with `admin.access`, which opens the admin area);
 * targets are an admin, a moderator and a user. An actor gets past a call only when it holds the
 * call's permission and the target has strictly fewer permissions (the authority rule); otherwise
 * 403, `forbidden` for a missing permission and `beyond_authority` for a target out of reach.
 */
type ActorName = 'users.manage only' | 'users.impersonate only' | 'roles.manage only';
type TargetName = 'admin' | 'moderator' | 'user';

const ACTORS: Record<ActorName, Permission> = {
  'users.manage only': 'users.manage',
  'users.impersonate only': 'users.impersonate',
  'roles.manage only': 'roles.manage',
};
const TARGET_ROLES: Record<TargetName, RoleSlug[]> = { admin: ['user', 'admin'], moderator: ['user', 'moderator'], user: ['user'] };

interface Operation {
  needs: Permission;
  /**
   * Targets whose permissions the call leaves as they were, so it does not act on them: a role's
   * grant given to a role an admin holds changes nothing for the admin, who holds everything already.
   */
  unchangedFor?: TargetName[];
  /** The call against a fresh target, who also holds `ownRole` (a role of their own, granting nothing). */
  request: (target: TestUser, ownRole: { id: number; slug: string }) => Promise<InjectOptions> | InjectOptions;
}

let app: FastifyInstance;
let narrowRole: { id: number; slug: string };

const OPERATIONS: Record<string, Operation> = {
  'change the name': {
    needs: 'users.manage',
    request: (t) => ({ method: 'PATCH', url: `/api/users/update-user/${t.id}`, payload: { name: 'Uusi' } }),
  },
  'change the e-mail': {
    needs: 'users.manage',
    request: (t) => ({ method: 'PATCH', url: `/api/users/update-user/${t.id}`, payload: { email: `uusi-${t.id}@example.com` } }),
  },
  'give a role granting admin.access': {
    needs: 'users.manage',
    request: (t, own) => ({
      method: 'PATCH',
      url: `/api/users/update-user/${t.id}`,
      payload: { roles: ['user', own.slug, narrowRole.slug] },
    }),
  },
  'mark the address unconfirmed': {
    needs: 'users.manage',
    request: (t) => ({ method: 'POST', url: '/api/users/toggle-verify', payload: { action: 'unVerifyUser', user: t.id } }),
  },
  block: {
    needs: 'users.manage',
    request: (t) => ({ method: 'POST', url: '/api/users/toggle-block', payload: { action: 'block', user: t.id } }),
  },
  delete: { needs: 'users.manage', request: (t) => ({ method: 'DELETE', url: `/api/users/delete/user/${t.id}` }) },
  'act as': { needs: 'users.impersonate', request: (t) => ({ method: 'GET', url: `/api/impersonate/take/${t.id}` }) },
  'grant admin.access through a role they hold': {
    needs: 'roles.manage',
    unchangedFor: ['admin'],
    request: (_t, own) => ({ method: 'PATCH', url: `/api/roles/update-role/${own.id}`, payload: { permissions: ['admin.access'] } }),
  },
  'move the holders of a role they hold into one granting admin.access': {
    needs: 'roles.manage',
    unchangedFor: ['admin'],
    request: (_t, own) => ({ method: 'DELETE', url: `/api/roles/delete/role/${own.id}`, payload: { move_to: narrowRole.id } }),
  },
};

beforeAll(async () => {
  app = await buildTestApp();
  narrowRole = await createRole(app, ['admin.access']);
});
afterAll(() => app.close());

describe('the authorization matrix: custom roles acting on accounts', () => {
  it('lets a one-permission role act only with that permission, and only on an account below it', { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    for (const [actorName, permission] of Object.entries(ACTORS) as [ActorName, Permission][]) {
      const actor = await createCustomStaff(app, ['admin.access', permission]);
      const { headers } = await loginAs(app, actor);
      for (const [operation, { needs, request, unchangedFor = [] }] of Object.entries(OPERATIONS)) {
        for (const [targetName, roles] of Object.entries(TARGET_ROLES) as [TargetName, RoleSlug[]][]) {
          const target = await createUser(app, { roles });
          const ownRole = await createRole(app, []);
          await app.services.database.db.execute(sql`insert into user_roles (user_id, role_id) values (${target.id}, ${ownRole.id})`);
          const options = await request(target, ownRole);
          const reply = await app.inject({ ...options, headers: { ...headers, 'accept-language': 'en' } });
          const label = `${actorName}: ${operation} of ${targetName}`;
          const reachable = targetName === 'user' || unchangedFor.includes(targetName);
          const expected = needs !== permission ? 'forbidden' : reachable ? 'allowed' : 'beyond_authority';
          const got =
            reply.statusCode < 300 ? 'allowed' : reply.statusCode === 403 ? reply.json().code : `${reply.statusCode} ${reply.body}`;
          if (got !== expected) wrong.push(`${label}: ${got}, expected ${expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
