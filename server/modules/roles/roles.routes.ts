import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';
import {
  CreateRoleBody,
  DeleteRoleBody,
  MessageReply,
  PermissionsReply,
  RoleParams,
  RoleReply,
  RolesPageQuery,
  RolesPageReply,
  RolesReply,
  UpdateRoleBody,
} from './roles.schemas.ts';

/** Roles and permissions (spec section 7, Admin roles); staff only, by permission. */
const rolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const roles = app.services.roles;

  app.get(
    '/roles',
    { schema: { tags: ['admin'], summary: 'Every role with its permissions and holders', response: { 200: RolesReply } } },
    async (request) => ({ roles: await roles.list(requireUser(request)) }),
  );

  app.get(
    '/roles-complete',
    {
      schema: { tags: ['admin'], summary: 'A page of roles', querystring: RolesPageQuery, response: { 200: RolesPageReply } },
    },
    async (request) => roles.page(requireUser(request), request.query.page ?? 1, request.query.per_page ?? 10),
  );

  app.get(
    '/permissions',
    { schema: { tags: ['admin'], summary: 'Every permission a role can grant', response: { 200: PermissionsReply } } },
    async (request) => ({ permissions: await roles.permissions(requireUser(request)) }),
  );

  app.post(
    '/roles/create-role',
    { schema: { tags: ['admin'], summary: 'Creates a role with these permissions', body: CreateRoleBody, response: { 201: RoleReply } } },
    async (request, reply) => {
      const role = await roles.create(requireUser(request), request.body, requestMeta(request));
      return reply.status(201).send({ message: translate(request.locale, 'roles.created', { name: role.name }), data: role });
    },
  );

  app.patch(
    '/roles/update-role/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Renames a role or changes its permissions',
        params: RoleParams,
        body: UpdateRoleBody,
        response: { 200: RoleReply },
      },
    },
    async (request) => {
      const role = await roles.update(requireUser(request), request.params.id, request.body, requestMeta(request));
      // A built-in role is named in the reader's language, as every screen names it.
      const name = role.built_in ? translate(request.locale, `admin_users.role_names.${role.slug}`) : role.name;
      return { message: translate(request.locale, 'roles.updated', { name }), data: role };
    },
  );

  app.delete(
    '/roles/delete/role/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deletes a role of the site’s own; its holders move to `move_to`',
        params: RoleParams,
        body: DeleteRoleBody,
        response: { 200: MessageReply },
      },
    },
    async (request) => {
      const moved = await roles.remove(requireUser(request), request.params.id, request.body?.move_to, requestMeta(request));
      return { message: translate(request.locale, 'roles.deleted', { count: moved }) };
    },
  );
};

export default rolesRoutes;
