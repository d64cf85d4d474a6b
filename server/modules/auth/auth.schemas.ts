import { Type } from 'typebox';

// Generous outer bounds only: the rules with their own messages live in the service.
const Email = Type.String({ format: 'email', maxLength: 254 });
const Password = Type.String({ minLength: 1, maxLength: 1024 });

export const LoginBody = Type.Object(
  { email: Email, password: Password, remember: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    email: Email,
    password: Password,
    password_confirmation: Type.String({ maxLength: 1024 }),
    terms: Type.Boolean({ description: 'Acceptance of the terms of use' }),
  },
  { additionalProperties: false },
);

export const VerifyParams = Type.Object({ id: Type.Integer({ minimum: 1 }), hash: Type.String({ pattern: '^[0-9a-f]{40}$' }) });
export const VerifyQuery = Type.Object({ expires: Type.Integer({ minimum: 0 }), signature: Type.String({ pattern: '^[0-9a-f]{64}$' }) });
export const ResendBody = Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const ForgotBody = Type.Object({ email: Email }, { additionalProperties: false });
export const ResetBody = Type.Object(
  {
    token: Type.String({ minLength: 10, maxLength: 200 }),
    email: Email,
    password: Password,
    password_confirmation: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export const PasswordBody = Type.Object(
  {
    current_password: Type.Optional(Type.String({ maxLength: 1024, description: 'Needed when the account has a password' })),
    password: Password,
    password_confirmation: Type.String({ maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export const SessionParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{16}$' }) });

export const Message = Type.Object({ message: Type.String() });
export const LoginReply = Type.Object({
  two_factor: Type.Boolean(),
  message: Type.String(),
  user: Type.Optional(Type.Unknown()),
});
export const SessionList = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.String(),
      current: Type.Boolean(),
      ip: Type.Union([Type.String(), Type.Null()]),
      user_agent: Type.Union([Type.String(), Type.Null()]),
      created_at: Type.String(),
      last_seen_at: Type.String(),
    }),
  ),
});
