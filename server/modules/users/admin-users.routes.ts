import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';
import {
  AdminUserReply,
  AdminUsersBody,
  AdminUsersReply,
  CreateUserBody,
  IdParams,
  ToggleBlockBody,
  ToggleVerifyBody,
  UpdateUserBody,
} from './users.schemas.ts';

/** The staff's calls on accounts (spec section 7, Admin users); `users.manage` only. */
const adminUsersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminUsers = app.services.adminUsers;

  app.post(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'A page of accounts: search by name, e-mail or id; filter by role, verified and blocked; sort by a column',
        body: AdminUsersBody,
        response: { 200: AdminUsersReply },
      },
    },
    async (request) => {
      const { filters, search_by, ...rest } = request.body ?? {};
      return adminUsers.list(requireUser(request), {
        ...rest,
        search_by: search_by ?? undefined,
        filters: { role: filters?.role ?? undefined, verified: filters?.verified ?? undefined, blocked: filters?.blocked ?? undefined },
      });
    },
  );

  app.post(
    '/users/create-user',
    {
      schema: {
        tags: ['admin'],
        summary: 'Creates an account without a password and mails the person a link that sets it (valid 72 hours)',
        body: CreateUserBody,
        response: { 201: AdminUserReply },
      },
    },
    async (request, reply) => {
      const user = await adminUsers.create(requireUser(request), request.body, requestMeta(request));
      return reply.code(201).send({ message: translate(request.locale, 'admin_users.created', { email: user.email }), data: user });
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

  app.post(
    '/users/toggle-block',
    {
      schema: {
        tags: ['admin'],
        summary: 'Blocks an account from signing in (its sessions end at once) or lets it sign in again',
        body: ToggleBlockBody,
        response: { 200: AdminUserReply },
      },
    },
    async (request) => {
      const { action, user, reason } = request.body;
      const { user: data, restoredAds } = await adminUsers.toggleBlock(requireUser(request), action, user, reason, requestMeta(request));
      const message =
        action === 'block'
          ? translate(request.locale, 'admin_users.blocked')
          : restoredAds
            ? translate(request.locale, 'admin_users.unblocked_with_ads', { count: restoredAds })
            : translate(request.locale, 'admin_users.unblocked');
      return { message, data };
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
