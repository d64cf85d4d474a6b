import { type Static, Type } from 'typebox';

export const IdentityStatus = Type.Object({
  available: Type.Boolean({ description: 'A broker is configured: strong identification can be started' }),
  verified: Type.Boolean(),
  method: Type.Union([Type.String(), Type.Null()], {
    description: '"bank", "mobile", "card", or the broker\'s own name of the method ("ftn" when it named none)',
  }),
  name: Type.Union([Type.String(), Type.Null()], { description: 'The name as the broker gave it' }),
  verified_at: Type.Union([Type.String(), Type.Null()], { description: 'ISO 8601' }),
});

export const StatusReply = Type.Object({ data: IdentityStatus });
export const RemovedReply = Type.Object({ message: Type.String(), data: IdentityStatus });
export const StartReply = Type.Object({
  data: Type.Object({ url: Type.String({ description: "The broker's authorization URL to send the browser to" }) }),
});

// Loose on purpose: whatever the broker sends, a browser is redirected to the settings page with the outcome.
export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 512 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
});

export type IdentityStatusView = Static<typeof IdentityStatus>;
export type StartReplyView = Static<typeof StartReply>;
export type RemovedReplyView = Static<typeof RemovedReply>;
