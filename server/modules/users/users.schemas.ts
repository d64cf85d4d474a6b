import { Type } from 'typebox';

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
    /** Mail me when a chat message waits unread; unchanged when absent. */
    notify_messages: Type.Optional(Type.Boolean()),
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
