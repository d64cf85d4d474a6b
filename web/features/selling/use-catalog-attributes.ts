import { useEffect, useState } from 'react';
import type { PublicAttribute } from '../../../common/attributes';
import { api } from '../../lib/api-client';

/**
 * The fields of the chosen catalog (GET /api/catalogs/{id}/attributes), in the reader's language;
 * empty while none is chosen or loading, and when the call fails (the ad can go without them). An
 * answer for a catalog no longer chosen is dropped.
 */
export function useCatalogAttributes(catalogId: number | null): { fields: PublicAttribute[]; loaded: boolean } {
  const [answer, setAnswer] = useState<{ catalogId: number; fields: PublicAttribute[] } | null>(null);
  useEffect(() => {
    if (catalogId === null) return;
    const controller = new AbortController();
    api.catalogAttributes(catalogId, controller.signal).then(
      (reply) => setAnswer({ catalogId, fields: reply.data }),
      () => {
        if (!controller.signal.aborted) setAnswer({ catalogId, fields: [] });
      },
    );
    return () => controller.abort();
  }, [catalogId]);
  const current = answer !== null && answer.catalogId === catalogId;
  return { fields: current ? answer.fields : [], loaded: catalogId === null || current };
}
