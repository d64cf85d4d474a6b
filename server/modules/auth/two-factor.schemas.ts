import { Type } from 'typebox';

/** A code from the authenticator app (spec section 9: six digits). */
const totpCode = (description: string) => Type.String({ pattern: '^\\d{6}$', description });

export const CodeBody = Type.Object({ code: totpCode('Six digits from the authenticator app') }, { additionalProperties: false });

export const RecoveryCodeBody = Type.Object(
  { recovery_code: Type.String({ minLength: 1, maxLength: 64, description: 'One of the recovery codes, like abcd-efgh-2345' }) },
  { additionalProperties: false },
);

/** Proof that the signed-in person is the owner: the password, or a current code for accounts without one. */
export const IdentityBody = Type.Object(
  {
    password: Type.Optional(Type.String({ maxLength: 1024, description: 'The current password' })),
    code: Type.Optional(totpCode('A current code; only for accounts without a password')),
  },
  { additionalProperties: false },
);

export const EnableReply = Type.Object({
  qr_code: Type.String({ description: 'An SVG image of the otpauth URL' }),
  secret: Type.String({ description: 'The base32 key, for typing into the app by hand' }),
  otpauth_url: Type.String(),
});

export const StatusReply = Type.Object({
  enabled: Type.Boolean({ description: 'True once the set-up was confirmed with a code' }),
  confirmed_at: Type.Union([Type.String(), Type.Null()]),
  recovery_codes_left: Type.Integer({ minimum: 0 }),
});

export const RecoveryCodesReply = Type.Object({
  message: Type.String(),
  recovery_codes: Type.Array(Type.String(), { description: 'Shown this once; only their hashes are kept' }),
});
