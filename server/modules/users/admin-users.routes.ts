import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { requestMeta } from '../auth/auth.routes.ts';
import { AdminUserReply, AdminUsersBody, AdminUsersReply, IdParams, ToggleVerifyBody, UpdateUserBody } from './users.schemas.ts';

/** The staff's calls on accounts (spec section 7, Admin users); `users.manage` only. */
const adminUsersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminUsers = app.services.adminUsers;

  app.post(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'A page of accounts: search by name, e-mail or id; filter by role and verified; sort by a column',
        body: AdminUsersBody,
        response: { 200: AdminUsersReply },
      },
    },
    async (request) => {
      const { filters, search_by, ...rest } = request.body ?? {};
      return adminUsers.list(requireUser(request), {
        ...rest,
        search_by: search_by ?? undefined,
        filters: { role: filters?.role ?? undefined, verified: filters?.verified ?? undefined },
      });
    },
  );

  app.patch(
    '/users/update-user/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Changes an account’s profile fields and roles',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: AdminUserReply },
      },
    },
    async (request) => ({
      message: translate(request.locale, 'admin_users.updated'),
      data: await adminUsers.update(requireUser(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.post(
    '/users/toggle-verify',
    {
      schema: {
        tags: ['admin'],
        summary: 'Marks an account’s address confirmed or not',
        body: ToggleVerifyBody,
        response: { 200: AdminUserReply },
      },
    },
    async (request) => {
      const user = await adminUsers.toggleVerify(requireUser(request), request.body.action, request.body.user, requestMeta(request));
      const key = request.body.action === 'confirmVerifyUser' ? 'admin_users.verified' : 'admin_users.unverified';
      return { message: translate(request.locale, key), data: user };
    },
  );

  app.delete(
    '/users/delete/user/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deletes an account (its ads and conversations as when the person deletes it)',
        params: IdParams,
      },
    },
    async (request) => {
      await adminUsers.remove(requireUser(request), request.params.id, requestMeta(request));
      return { message: translate(request.locale, 'admin_users.deleted') };
    },
  );
};

export default adminUsersRoutes;
