import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';

export interface CatalogSuggestion {
  id: number;
  name: string;
  trail: string[];
}

/** How long the title must rest before the server is asked. */
export const SUGGESTION_DEBOUNCE_MS = 400;

/**
 * Categories the server suggests for the ad's title (POST /api/catalog-suggestions), asked once
 * the seller pauses typing; an answer for an older title is dropped. Empty until there is one.
 */
export function useCatalogSuggestions(title: string): CatalogSuggestion[] {
  const [suggestions, setSuggestions] = useState<{ title: string; list: CatalogSuggestion[] }>({ title: '', list: [] });
  const wanted = title.trim();
  useEffect(() => {
    if (wanted.length < 3) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.catalogSuggestions(wanted, controller.signal).then(
        (reply) => setSuggestions({ title: wanted, list: reply.data }),
        () => {},
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);
  return suggestions.title === wanted ? suggestions.list : [];
}
