import { Check, ChevronLeft, ChevronRight, Search, Sparkles } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { FieldErrors, inputClass } from '../../../components/form-controls';
import type { CatalogSuggestion } from '../use-catalog-suggestions';

export interface CatalogNode {
  id: number;
  name: string;
  /** The tree from the server has it; the price unit of the preview reads it. */
  slug?: string;
  children: CatalogNode[];
}

interface Leaf {
  id: number;
  trail: string[];
  /** The slugs from the top parent down (top-level rules such as "jobs are paid by the hour"). */
  slugs: string[];
}

/** Every leaf with the names above it: what a search looks through and how a choice is shown. */
export function catalogLeaves(tree: CatalogNode[]): Leaf[] {
  const out: Leaf[] = [];
  const walk = (nodes: CatalogNode[], trail: string[], slugs: string[]) => {
    for (const node of nodes) {
      const here = [...slugs, node.slug ?? ''];
      if (node.children.length) walk(node.children, [...trail, node.name], here);
      else out.push({ id: node.id, trail: [...trail, node.name], slugs: here });
    }
  };
  walk(tree, [], []);
  return out;
}

/** The path of node ids down to `id`, or [] when it is not in the tree. */
function pathTo(tree: CatalogNode[], id: number | null): CatalogNode[] {
  if (id === null) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = pathTo(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}

/**
 * The category picker: walk down from the ten parents to a leaf (only a leaf can be chosen, as the
 * server wants the most precise category), or type to search all leaves by name.
 */
export function CatalogPicker({
  tree,
  value,
  onChange,
  errors,
  suggestions = [],
}: {
  tree: CatalogNode[];
  value: number | null;
  onChange: (id: number) => void;
  errors: string[] | undefined;
  /** Categories the ad's title points at, best first: one tap away above the tree. */
  suggestions?: CatalogSuggestion[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const chosenPath = useMemo(() => pathTo(tree, value), [tree, value]);
  // Open at the chosen leaf's parent, so the choice is in view.
  const [open, setOpen] = useState<CatalogNode[]>(() => chosenPath.slice(0, -1));
  const [query, setQuery] = useState('');
  const leaves = useMemo(() => catalogLeaves(tree), [tree]);
  const level = open.length ? open[open.length - 1]!.children : tree;
  const needle = query.trim().toLocaleLowerCase();
  const found = needle ? leaves.filter((leaf) => leaf.trail.some((name) => name.toLocaleLowerCase().includes(needle))).slice(0, 30) : [];

  const optionClass = (selected: boolean) =>
    `flex min-h-12 w-full items-center justify-between gap-3 rounded-lg border px-3 py-2 text-left ${
      selected ? 'border-brand bg-brand-soft font-semibold' : 'border-line bg-raised hover:bg-sunken'
    }`;

  return (
    <fieldset aria-describedby={errors?.length ? `${id}-errors` : undefined}>
      <legend className="mb-2 text-sm font-medium">{t('new_ad.catalog.label')}</legend>
      {chosenPath.length > 0 && (
        <p className="mb-3 rounded-lg bg-sunken px-3 py-2 text-sm" aria-live="polite">
          {t('new_ad.catalog.chosen')}: <strong>{chosenPath.map((n) => n.name).join(' › ')}</strong>
        </p>
      )}
      {suggestions.length > 0 && !needle && (
        <div className="mb-4">
          {/* h2: the picker sits right under the page's h1 (the wizard's step, the edit page). */}
          <h2 id={`${id}-suggested`} className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
            <Sparkles aria-hidden size={16} className="text-brand" />
            {t('new_ad.catalog.suggested')}
          </h2>
          <ul className="space-y-2" aria-labelledby={`${id}-suggested`}>
            {suggestions.map((suggestion) => (
              <li key={suggestion.id}>
                <button
                  type="button"
                  aria-pressed={suggestion.id === value}
                  className={optionClass(suggestion.id === value)}
                  onClick={() => {
                    onChange(suggestion.id);
                    setOpen(pathTo(tree, suggestion.id).slice(0, -1));
                  }}
                >
                  <span>
                    <span className="block">{suggestion.name}</span>
                    <span className="block text-xs font-normal text-muted">{suggestion.trail.slice(0, -1).join(' › ')}</span>
                  </span>
                  {suggestion.id === value && <Check aria-hidden size={18} className="text-brand" />}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <label htmlFor={`${id}-search`} className="sr-only">
        {t('new_ad.catalog.search')}
      </label>
      <div className="relative mb-3">
        <Search aria-hidden size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('new_ad.catalog.search')}
          className={`${inputClass} pl-10`}
        />
      </div>
      {needle ? (
        found.length ? (
          <ul className="space-y-2">
            {found.map((leaf) => (
              <li key={leaf.id}>
                <button
                  type="button"
                  aria-pressed={leaf.id === value}
                  className={optionClass(leaf.id === value)}
                  onClick={() => {
                    onChange(leaf.id);
                    setOpen(pathTo(tree, leaf.id).slice(0, -1));
                    setQuery('');
                  }}
                >
                  <span>
                    <span className="block">{leaf.trail.at(-1)}</span>
                    <span className="block text-xs font-normal text-muted">{leaf.trail.slice(0, -1).join(' › ')}</span>
                  </span>
                  {leaf.id === value && <Check aria-hidden size={18} className="text-brand" />}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{t('new_ad.catalog.none_found')}</p>
        )
      ) : (
        <>
          {open.length > 0 && (
            <button
              type="button"
              onClick={() => setOpen(open.slice(0, -1))}
              className="mb-2 inline-flex items-center gap-1 text-sm font-semibold text-brand hover:underline"
            >
              <ChevronLeft aria-hidden size={16} />
              {open.length > 1 ? open[open.length - 2]!.name : t('new_ad.catalog.all')}
            </button>
          )}
          {open.length > 0 && <h2 className="mb-2 font-semibold">{open[open.length - 1]!.name}</h2>}
          <ul className="grid gap-2 sm:grid-cols-2">
            {level.map((node) => {
              const leaf = node.children.length === 0;
              const selected = leaf ? node.id === value : chosenPath.some((n) => n.id === node.id);
              return (
                <li key={node.id}>
                  <button
                    type="button"
                    aria-pressed={leaf ? selected : undefined}
                    className={optionClass(selected)}
                    onClick={() => (leaf ? onChange(node.id) : setOpen([...open, node]))}
                  >
                    <span>{node.name}</span>
                    {leaf ? (
                      selected && <Check aria-hidden size={18} className="text-brand" />
                    ) : (
                      <ChevronRight aria-hidden size={18} className="text-muted" />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </fieldset>
  );
}
