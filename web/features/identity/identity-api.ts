import type { RemovedReplyView, StartReplyView } from '../../../server/modules/identity/identity.schemas';
import { apiRequest } from '../../lib/api-client';

/**
 * Strong identification's calls, beside the settings section that makes them rather than in `api`
 * (web/lib/api-client.ts), which is in every page's first load.
 */
export const identityApi = {
  /** The broker's address to send the browser to; the sealed cookie comes with the answer. */
  start: () => apiRequest<StartReplyView>('POST', '/identity/start'),
  remove: () => apiRequest<RemovedReplyView>('DELETE', '/identity'),
};
