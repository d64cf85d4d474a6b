import { FolderPlus, Search } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import { inputClass, primaryButton, secondaryButton } from '../../../components/form-controls';
import { ApiError, api } from '../../../lib/api-client';
import { openDialog } from '../../../lib/dialogs';
import { ERROR_TOAST_MS, showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { childrenByParent, matchingWithAncestors, siblingPlace } from '../category-tree-state';
import { CategoryFormDialog } from './category-form-dialog';
import { CategoryRow, type RowAction } from './category-row';
import { DeleteCategoryDialog } from './delete-dialog';
import { MergeCategoryDialog } from './merge-dialog';
import { MoveCategoryDialog } from './move-dialog';

/**
 * The staff's category tree: every category, hidden ones too, with its ads; main categories open
 * and close, a search shows the matches in their places. Quick changes (order, visibility) happen
 * in place; the others in a dialog. After each change the page's data is loaded again.
 */
export function CategoryManager({
  nodes,
  fieldsOf = null,
  onFields,
  aside,
}: {
  nodes: AdminCatalog[];
  /** The category whose fields are open beside the tree (issue 26). */
  fieldsOf?: number | null;
  onFields?: (node: AdminCatalog) => void;
  /** What shows beside the tree (the fields panel): the route composes the two features. */
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const filterId = useId();
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const children = childrenByParent(nodes);
  const matches = matchingWithAncestors(nodes, query);

  const done = (message: string) => {
    showToast({ icon: 'success', message });
    void revalidator.revalidate();
  };

  const quick = async (node: AdminCatalog, call: () => Promise<{ message: string }>) => {
    setBusy(node.id);
    try {
      done((await call()).message);
    } catch (error) {
      showToast({ icon: 'error', message: error instanceof Error ? error.message : t('errors.unknown'), timer: ERROR_TOAST_MS });
      // Someone else changed the tree meanwhile: show it as it is now.
      if (error instanceof ApiError && (error.status === 404 || error.status === 422)) void revalidator.revalidate();
    } finally {
      setBusy(null);
    }
  };

  const act = (node: AdminCatalog, action: RowAction) => {
    const place = siblingPlace(nodes, node);
    switch (action) {
      case 'up':
        return void quick(node, () => api.reorderCatalog(node.id, place.index - 1));
      case 'down':
        return void quick(node, () => api.reorderCatalog(node.id, place.index + 1));
      case 'toggle-hidden':
        return void quick(node, () => api.setCatalogHidden(node.id, !node.hidden));
      case 'edit':
        return void openDialog(CategoryFormDialog, { node, onDone: done });
      case 'add-child':
        setExpanded((open) => new Set(open).add(node.id));
        return void openDialog(CategoryFormDialog, { parent: node, onDone: done });
      case 'move':
        return void openDialog(MoveCategoryDialog, { node, nodes, onDone: done });
      case 'merge':
        return void openDialog(MergeCategoryDialog, { node, nodes, onDone: done });
      case 'delete':
        return void openDialog(DeleteCategoryDialog, { node, onDone: done });
    }
  };

  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const branch = (parentId: number | null, level: number) => {
    const siblings = children.get(parentId) ?? [];
    const shown = matches ? siblings.filter((node) => matches.has(node.id)) : siblings;
    if (shown.length === 0) return null;
    return (
      <ul className={level === 0 ? 'space-y-2' : 'mt-2 space-y-2 border-s-2 border-line ps-3 sm:ps-5'}>
        {shown.map((node) => {
          const hasChildren = node.children_count > 0;
          const open = matches !== null || expanded.has(node.id);
          return (
            <li key={node.id}>
              <CategoryRow
                node={node}
                first={siblings[0]?.id === node.id}
                last={siblings[siblings.length - 1]?.id === node.id}
                expanded={hasChildren ? open : undefined}
                busy={busy === node.id}
                onToggleExpanded={() => toggle(node.id)}
                onAction={(action) => act(node, action)}
                onFields={onFields && (() => onFields(node))}
                fieldsOpen={fieldsOf === node.id}
              />
              {hasChildren && open && branch(node.id, level + 1)}
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <section aria-labelledby="categories-title" className="py-2 sm:py-4">
      <h1 id="categories-title" className="text-2xl font-bold">
        {t('admin_categories.title')}
      </h1>
      <p className="mt-1 text-sm text-muted">{t('admin_categories.intro')}</p>

      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={filterId} className="mb-1.5 block text-sm font-medium">
            {t('admin_categories.filter')}
          </label>
          <div className="relative">
            <Search aria-hidden size={18} className="pointer-events-none absolute start-3 top-1/2 -translate-y-1/2 text-muted" />
            <input
              id={filterId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('admin_categories.filter_placeholder')}
              className={`${inputClass} ps-10`}
            />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButton}
            onClick={() =>
              setExpanded((open) =>
                open.size > 0 ? new Set() : new Set(nodes.filter((node) => node.children_count > 0).map((node) => node.id)),
              )
            }
          >
            {expanded.size > 0 ? t('admin_categories.collapse_all') : t('admin_categories.expand_all')}
          </button>
          <button
            aria-haspopup="dialog"
            type="button"
            className={primaryButton}
            onClick={() => openDialog(CategoryFormDialog, { parent: null, onDone: done })}
          >
            <FolderPlus aria-hidden size={18} />
            {t('admin_categories.add_top')}
          </button>
        </div>
      </div>

      <div className={aside ? 'mt-5 gap-5 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,32rem)] lg:items-start' : 'mt-5'}>
        <nav aria-label={t('admin_categories.tree_label')}>
          {matches && matches.size === 0 ? (
            <p className="rounded-2xl border border-dashed border-line p-8 text-center text-muted">
              {t('admin_categories.no_match', { query: query.trim() })}
            </p>
          ) : (
            branch(null, 0)
          )}
        </nav>
        {aside && <div className="mt-5 lg:sticky lg:top-4 lg:mt-0 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto">{aside}</div>}
      </div>
    </section>
  );
}
