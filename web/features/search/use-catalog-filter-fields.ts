import { useEffect, useState } from 'react';
import type { PublicAttribute } from '../../../common/attributes';
import { api } from '../../lib/api-client';
import { filterFieldsOf } from './field-filters';

/**
 * The filter fields of the catalog chosen in the form: the page's own (from its loader) for the
 * catalog of the URL, else asked from the API once another is picked, so its fields appear before
 * the form is sent. Without scripts the fields come with the next page.
 */
export function useCatalogFilterFields(chosen: number | null, loaded: { catalog: number | null; fields: PublicAttribute[] }) {
  const [fetched, setFetched] = useState<{ catalog: number; fields: PublicAttribute[] } | null>(null);
  const own = chosen === loaded.catalog;
  useEffect(() => {
    if (own || chosen === null) return;
    const controller = new AbortController();
    api.catalogAttributes(chosen, controller.signal).then(
      (reply) => setFetched({ catalog: chosen, fields: filterFieldsOf(reply.data) }),
      // Silent: without the category's fields the general filters still work.
      () => setFetched({ catalog: chosen, fields: [] }),
    );
    return () => controller.abort();
  }, [chosen, own]);
  if (own) return { fields: loaded.fields, loading: false, own: true };
  if (chosen === null) return { fields: [], loading: false, own: false };
  return fetched?.catalog === chosen ? { fields: fetched.fields, loading: false, own: false } : { fields: [], loading: true, own: false };
}
