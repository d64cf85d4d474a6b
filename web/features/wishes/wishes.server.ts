import type { AppLoadContext } from 'react-router';
import type { CurrentUser } from '../../../server/platform/current-user';
import type { WishedAd } from '../../../server/modules/wishes/wishes.schemas';

/** The /wishes page's data, from the same service as GET /api/user-wishes. */
export function loadWishList(context: AppLoadContext, current: CurrentUser): Promise<WishedAd[]> {
  return context.services.wishes.list(current, context.locale);
}
