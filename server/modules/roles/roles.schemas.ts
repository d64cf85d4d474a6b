import { Type } from 'typebox';
import { PERMISSIONS } from '../../../common/access.ts';

export const RoleParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const Role = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  built_in: Type.Boolean({ description: 'One of the six roles of the spec: it cannot be deleted' }),
  permissions: Type.Array(Type.String()),
  users_count: Type.Integer(),
});

/** Spec section 7: GET /roles answers `roles`. */
export const RolesReply = Type.Object({ roles: Type.Array(Role) });

export const RolesPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const RolesPageReply = Type.Object({
  data: Type.Array(Role),
  meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
});

const PermissionName = Type.Enum(PERMISSIONS);

export const CreateRoleBody = Type.Object(
  {
    name: Type.String({ minLength: 2, maxLength: 60 }),
    slug: Type.Optional(
      Type.String({ maxLength: 40, description: 'Lower-case letters, digits and dashes; made from the name when left out or empty' }),
    ),
    permissions: Type.Array(PermissionName, { maxItems: PERMISSIONS.length, uniqueItems: true }),
  },
  { additionalProperties: false },
);

export const UpdateRoleBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 2, maxLength: 60 })),
    permissions: Type.Optional(Type.Array(PermissionName, { maxItems: PERMISSIONS.length, uniqueItems: true })),
  },
  { additionalProperties: false },
);

export const DeleteRoleBody = Type.Object(
  { move_to: Type.Optional(Type.Integer({ minimum: 1, description: 'Where the role’s users go; needed when anyone holds it' })) },
  { additionalProperties: false },
);

/** Spec section 7: GET /permissions answers `permissions`. */
export const PermissionsReply = Type.Object({
  permissions: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.String() })),
});

export const RoleReply = Type.Object({ message: Type.String(), data: Role });
export const MessageReply = Type.Object({ message: Type.String() });
