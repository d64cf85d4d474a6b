import type { RatingReportReason } from '../../../common/ratings';
import type { Decision } from '../../../server/modules/reports/reports.schemas';
import type { CandidatesReply, DealListReply, RatingListReply } from '../../../server/modules/ratings/ratings.schemas';
import type { Static } from 'typebox';
import { apiRequest } from '../../lib/api-client';

type Message = { message: string };
type Created = { data: { id: number }; message: string };

/**
 * Deals and ratings (issue 25), through the one API client's request function. Beside the feature,
 * not in `api` (web/lib/api-client.ts), whose object is in every page's first load (as the
 * notification centre's calls are). Quiet: each form says what went wrong in its own place.
 */
export const ratingsApi = {
  /** The people who wrote about my ad, and its deal if made. */
  candidates: (uuid: string) => apiRequest<Static<typeof CandidatesReply>>('GET', `/product/${uuid}/deal-candidates`, { silent: true }),
  makeDeal: (uuid: string, buyerId: number) =>
    apiRequest<Created>('POST', `/product/${uuid}/deal`, { body: { buyer_id: buyerId }, silent: true }),
  myDeals: (options: { page?: number; roomId?: number } = {}) => {
    const query = new URLSearchParams();
    if (options.page && options.page > 1) query.set('page', String(options.page));
    if (options.roomId) query.set('room_id', String(options.roomId));
    return apiRequest<DealListReply>('GET', `/deals${query.size ? `?${query}` : ''}`, { silent: true });
  },
  rate: (dealId: number, stars: number, text: string) =>
    apiRequest<Created>('POST', `/deals/${dealId}/rating`, { body: { stars, text }, silent: true }),
  ratingsOf: (userId: number, page = 1) =>
    apiRequest<RatingListReply>('GET', `/users/${userId}/ratings${page > 1 ? `?page=${page}` : ''}`, { silent: true }),
  reply: (ratingId: number, text: string) => apiRequest<Message>('POST', `/ratings/${ratingId}/reply`, { body: { text }, silent: true }),
  report: (ratingId: number, reason: RatingReportReason, details?: string) =>
    apiRequest<Message>('POST', `/ratings/${ratingId}/report`, { body: { reason, ...(details ? { details } : {}) }, silent: true }),
  decision: (ratingId: number) =>
    apiRequest<{ data: Static<typeof Decision> | null }>('GET', `/ratings/${ratingId}/decision`, { silent: true }),
  appeal: (ratingId: number, text: string) => apiRequest<Message>('POST', `/ratings/${ratingId}/appeal`, { body: { text }, silent: true }),
};
