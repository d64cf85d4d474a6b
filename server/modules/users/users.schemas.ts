import { Type } from 'typebox';
import { LOCALES } from '../../../common/locales.ts';
import { TraderProfileFields } from '../business/business.schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

export const ProfileBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    surname: Nullable(Type.String({ maxLength: 100 })),
    phone: Nullable(Type.String({ maxLength: 30 })),
    // errorKey: what a page form says when the value is not of this kind (see platform/validation).
    city_id: Nullable(Type.Integer({ minimum: 1, errorKey: 'validation.city_not_found' })),
    street: Nullable(Type.String({ maxLength: 200 })),
    birthday: Nullable(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorKey: 'validation.format' })),
    /** Show my phone number on my ads, behind a "show number" press; unchanged when absent. */
    show_phone: Type.Optional(Type.Boolean()),
    /** Mail me when a chat message waits unread; unchanged when absent. */
    notify_messages: Type.Optional(Type.Boolean()),
    /** Selling as a business (issue 25): the section changes only when `trader` is sent. */
    ...TraderProfileFields,
  },
  { additionalProperties: false },
);
export const ThemeBody = Type.Object({ theme_dark: Type.Boolean() }, { additionalProperties: false });
export const UserByTokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const DeleteAccountBody = Type.Object(
  { password: Type.Optional(Type.String({ maxLength: 1024 })), email: Type.Optional(Type.String({ maxLength: 254 })) },
  { additionalProperties: false },
);

// The staff's calls on accounts (spec section 7, Admin users and roles).

export const ADMIN_USER_SORTS = ['id', 'name', 'email', 'created_at', 'email_verified_at'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const AdminUsersBody = Type.Object(
  {
    current_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    search_by: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    filters: Type.Optional(
      Type.Object(
        {
          role: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
          verified: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
          blocked: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
        },
        { additionalProperties: false },
      ),
    ),
    /** Accepted for the spec's payload; `sort_by` and `sort_direction` decide the order. */
    sort: Type.Optional(Type.Unknown()),
    sort_by: Type.Optional(Type.Enum(ADMIN_USER_SORTS)),
    sort_direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  },
  { additionalProperties: false },
);

export const AdminUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  surname: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  email_verified_at: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.Object({ slug: Type.String() })),
  /** What the account's roles let it do (staff screens offer only what the authority rule allows). */
  permissions: Type.Array(Type.String()),
  created_at: Type.String(),
  /** Blocked by staff: cannot sign in. */
  blocked: Type.Boolean(),
  blocked_at: Type.Union([Type.String(), Type.Null()]),
  blocked_reason: Type.Union([Type.String(), Type.Null()]),
});

export const AdminUsersReply = Type.Object({
  data: Type.Array(AdminUser),
  meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
});

export const UpdateUserBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    surname: Nullable(Type.String({ maxLength: 100 })),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    phone: Nullable(Type.String({ maxLength: 30 })),
    roles: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 20 })),
  },
  { additionalProperties: false },
);

export const ToggleVerifyBody = Type.Object(
  {
    action: Type.Union([Type.Literal('confirmVerifyUser'), Type.Literal('unVerifyUser')]),
    user: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);

export const AdminUserReply = Type.Object({ message: Type.String(), data: AdminUser });

/** The longest reason staff may give for blocking an account. */
export const BLOCK_REASON_MAX = 500;

export const CreateUserBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    surname: Nullable(Type.String({ maxLength: 100 })),
    email: Type.String({ format: 'email', maxLength: 254 }),
    /** Role slugs (built-in or the site's own); the base role follows `email_verified` (user or unverified). */
    roles: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 20 })),
    /** The staff member vouches for the address: counted as confirmed at once. */
    email_verified: Type.Optional(Type.Boolean()),
    /** The language of the mail with the set-password link, and of the account. */
    locale: Type.Optional(Type.Enum(LOCALES)),
  },
  { additionalProperties: false },
);

export const ToggleBlockBody = Type.Object(
  {
    user: Type.Integer({ minimum: 1 }),
    action: Type.Union([Type.Literal('block'), Type.Literal('unblock')]),
    /** Why (staff only); kept while the account is blocked. */
    reason: Nullable(Type.String({ maxLength: BLOCK_REASON_MAX })),
  },
  { additionalProperties: false },
);
