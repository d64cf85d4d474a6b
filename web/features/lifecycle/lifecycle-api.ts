import type { Static } from 'typebox';
import type { RenewReply } from '../../../server/modules/lifecycle/lifecycle.schemas';
import { apiRequest } from '../../lib/api-client';

/** Ad validity's one call (issue 27), beside the buttons that make it rather than in the first load's `api`. */
export const lifecycleApi = {
  renew: (uuid: string) => apiRequest<Static<typeof RenewReply>>('POST', `/product/${encodeURIComponent(uuid)}/renew`),
};
