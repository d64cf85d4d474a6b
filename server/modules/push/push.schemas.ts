import { Type } from 'typebox';

/** Push service URLs are long (FCM's run past 150 characters); this bounds what we store and call. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

/** What a browser's `PushSubscription.toJSON()` gives; the keys are checked in the service (422 per field). */
export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX_LENGTH, description: 'The push service URL (https)' }),
    expirationTime: Type.Optional(Type.Union([Type.Null(), Type.Number()])),
    keys: Type.Object(
      {
        p256dh: Type.String({ minLength: 1, maxLength: 200, description: 'The browser key: an uncompressed P-256 point, base64url' }),
        auth: Type.String({ minLength: 1, maxLength: 100, description: 'The 16-byte authentication secret, base64url' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const PushUnsubscribeBody = Type.Object(
  { endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX_LENGTH }) },
  { additionalProperties: false },
);

export const PushSubscriptionReply = Type.Object({
  data: Type.Object({ endpoint: Type.String(), created_at: Type.String({ format: 'date-time' }) }),
  message: Type.String(),
});

export const PushMessageReply = Type.Object({ message: Type.String() });

export const PushPublicKeyReply = Type.Object({
  data: Type.Object({ public_key: Type.String({ description: 'The VAPID public key (base64url) for PushManager.subscribe' }) }),
});
