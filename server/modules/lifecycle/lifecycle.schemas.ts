import { Type } from 'typebox';
import { AD_STATUSES } from '../../../common/ad-rules.ts';

/** The answer of a renewal: the ad's new end. */
export const RenewReply = Type.Object({
  message: Type.String(),
  data: Type.Object({
    uuid: Type.String(),
    status: Type.Enum(AD_STATUSES),
    /** The full period from the renewal. */
    expires_at: Type.String(),
  }),
});
