import { Type } from 'typebox';
import { SAFETY_KINDS } from '../../../common/safety.ts';
import { INT32_MAX } from '../../../common/text.ts';

/** Accounts per page of the staff's list. */
export const SAFETY_PAGE_SIZE = 20;
/** The staff's list counts the flagged messages of this many days. */
export const SAFETY_LIST_DAYS = 7;

export const SafetyKind = Type.Enum(SAFETY_KINDS, { description: 'What the scam guard found in a message' });

export const SafetyListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    /** Only held accounts (true) or only those not held (false). */
    held: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const FlaggedAccount = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'First name and surname' }),
  email: Type.String(),
  /** Messages the guard flagged in the last 7 days. */
  messages: Type.Integer(),
  /** Different people who got them. */
  recipients: Type.Integer(),
  kinds: Type.Array(SafetyKind),
  last_flagged_at: Type.Union([Type.String(), Type.Null()]),
  held: Type.Boolean(),
  held_at: Type.Union([Type.String(), Type.Null()]),
  held_reason: Type.Union([Type.String(), Type.Null()]),
});

export const SafetyListReply = Type.Object({
  data: Type.Array(FlaggedAccount),
  meta: Type.Object({
    current_page: Type.Integer(),
    last_page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
    /** The window the counts cover, in days. */
    days: Type.Integer(),
    /** Flagged messages to this many different people within a day hold an account (the app setting). */
    hold_recipients: Type.Integer(),
  }),
});

export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT32_MAX }) });

export const ReleaseReply = Type.Object({
  message: Type.String(),
  data: Type.Object({ id: Type.Integer(), held: Type.Boolean(), released: Type.Boolean() }),
});
