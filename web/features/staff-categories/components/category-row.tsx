import {
  ArrowDown,
  ArrowUp,
  ChevronRight,
  Eye,
  EyeOff,
  FolderPlus,
  ListChecks,
  Loader2,
  MoreHorizontal,
  MoveRight,
  Merge,
  Pencil,
  Trash2,
} from 'lucide-react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Text } from 'react-aria-components';
import { CATALOG_MAX_LEVELS } from '../../../../common/catalog-rules';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import { useTranslation } from '../../../lib/use-translation';
import { deleteBlock, nameIn } from '../category-tree-state';

export type RowAction = 'up' | 'down' | 'toggle-hidden' | 'edit' | 'add-child' | 'move' | 'merge' | 'delete';

const iconButton =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border border-line bg-raised text-ink hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-40 focus-ring';
const itemClass =
  'flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 text-sm text-ink outline-none data-[focused]:bg-sunken data-[hovered]:bg-sunken data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60';

/** One category in the staff tree: its names, address, state and counts, and what can be done with it. */
export function CategoryRow({
  node,
  first,
  last,
  expanded,
  busy,
  onToggleExpanded,
  onAction,
  onFields,
  fieldsOpen = false,
}: {
  node: AdminCatalog;
  first: boolean;
  last: boolean;
  /** Undefined when it has no subcategories (nothing to open). */
  expanded: boolean | undefined;
  busy: boolean;
  onToggleExpanded: () => void;
  onAction: (action: RowAction) => void;
  /** Opens the category's fields (issue 26) beside the tree; no button without it. */
  onFields?: (() => void) | undefined;
  fieldsOpen?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const name = nameIn(node, i18n.language);
  const blocked = deleteBlock(node);
  const publicHidden = node.hidden || node.hidden_by_parent;
  return (
    <div
      className={`flex flex-col gap-2 rounded-xl border border-line p-3 sm:flex-row sm:items-center sm:gap-3 ${publicHidden ? 'bg-sunken' : 'bg-raised'}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-2">
        {expanded === undefined ? (
          <span aria-hidden className="h-10 w-10 shrink-0" />
        ) : (
          <button
            type="button"
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg hover:bg-sunken"
            aria-expanded={expanded}
            aria-label={expanded ? t('admin_categories.collapse', { name }) : t('admin_categories.expand', { name })}
            onClick={onToggleExpanded}
          >
            <ChevronRight aria-hidden size={20} className={`transition-transform ${expanded ? 'rotate-90' : ''}`} />
          </button>
        )}
        <div className="min-w-0 flex-1 py-1">
          <p className={`font-semibold break-words ${publicHidden ? 'text-muted' : ''}`}>
            {name}
            {node.hidden && (
              <span className="ms-2 inline-flex items-center gap-1 rounded-full bg-warning/20 px-2 py-0.5 align-middle text-xs font-semibold text-ink">
                <EyeOff aria-hidden size={14} />
                {t('admin_categories.hidden')}
              </span>
            )}
            {!node.hidden && node.hidden_by_parent && (
              <span className="ms-2 inline-flex items-center gap-1 rounded-full bg-sunken px-2 py-0.5 align-middle text-xs font-medium text-muted">
                <EyeOff aria-hidden size={14} />
                {t('admin_categories.hidden_by_parent')}
              </span>
            )}
          </p>
          <p className="font-mono text-xs break-all text-muted">/catalogs/{node.path.join('/')}</p>
          <p className="mt-0.5 text-sm text-muted">
            {t('admin_categories.ads_active', { count: node.ads_count, active: node.active_ads_count })}
            {node.children_count > 0 && <> · {t('admin_categories.ads_subtree', { count: node.subtree_ads_count })}</>}
          </p>
          {node.old_slugs.length > 0 && (
            <p className="text-xs break-all text-muted">{t('admin_categories.old_slugs', { slugs: node.old_slugs.join(', ') })}</p>
          )}
        </div>
      </div>
      <div
        role="group"
        aria-label={t('admin_categories.actions_of', { name })}
        className="flex flex-wrap items-center gap-1.5 ps-12 sm:ps-0"
      >
        <button
          type="button"
          className={iconButton}
          disabled={busy || first}
          aria-label={t('admin_categories.up', { name })}
          onClick={() => onAction('up')}
        >
          <ArrowUp aria-hidden size={18} />
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={busy || last}
          aria-label={t('admin_categories.down', { name })}
          onClick={() => onAction('down')}
        >
          <ArrowDown aria-hidden size={18} />
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={busy}
          aria-label={node.hidden ? t('admin_categories.show', { name }) : t('admin_categories.hide', { name })}
          aria-pressed={node.hidden}
          onClick={() => onAction('toggle-hidden')}
        >
          {node.hidden ? <EyeOff aria-hidden size={18} /> : <Eye aria-hidden size={18} />}
        </button>
        <button
          aria-haspopup="dialog"
          type="button"
          className="inline-flex h-10 items-center gap-1.5 rounded-lg border border-line bg-raised px-3 text-sm font-semibold hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-40"
          disabled={busy}
          onClick={() => onAction('edit')}
          aria-label={`${t('admin_categories.edit')}: ${name}`}
        >
          <Pencil aria-hidden size={16} />
          {t('admin_categories.edit')}
        </button>
        {onFields && (
          <button
            type="button"
            className="inline-flex h-10 items-center gap-1.5 rounded-lg border border-line bg-raised px-3 text-sm font-semibold hover:bg-sunken aria-pressed:border-brand aria-pressed:bg-brand-soft"
            aria-pressed={fieldsOpen}
            onClick={onFields}
            aria-label={`${t('admin_categories.fields')}: ${name}`}
          >
            <ListChecks aria-hidden size={16} />
            {t('admin_categories.fields')}
          </button>
        )}
        <MenuTrigger>
          <Button isDisabled={busy} aria-label={t('admin_categories.more_of', { name })} className={iconButton}>
            {busy ? <Loader2 aria-hidden size={18} className="animate-spin" /> : <MoreHorizontal aria-hidden size={18} />}
          </Button>
          <Popover
            placement="bottom end"
            offset={6}
            className="min-w-60 rounded-xl border border-line bg-raised p-1 text-ink shadow-lg outline-none"
          >
            <Menu
              aria-label={t('admin_categories.actions_of', { name })}
              className="outline-none"
              disabledKeys={blocked ? ['delete'] : []}
              onAction={(key) => onAction(key as RowAction)}
            >
              {node.depth + 1 < CATALOG_MAX_LEVELS && (
                <MenuItem id="add-child" data-opens-dialog textValue={t('admin_categories.add_child')} className={itemClass}>
                  <FolderPlus aria-hidden size={18} className="mt-0.5 shrink-0" />
                  <Text slot="label">{t('admin_categories.add_child')}</Text>
                </MenuItem>
              )}
              <MenuItem id="move" data-opens-dialog textValue={t('admin_categories.move')} className={itemClass}>
                <MoveRight aria-hidden size={18} className="mt-0.5 shrink-0" />
                <Text slot="label">{t('admin_categories.move')}</Text>
              </MenuItem>
              <MenuItem id="merge" data-opens-dialog textValue={t('admin_categories.merge')} className={itemClass}>
                <Merge aria-hidden size={18} className="mt-0.5 shrink-0" />
                <Text slot="label">{t('admin_categories.merge')}</Text>
              </MenuItem>
              <MenuItem id="delete" data-opens-dialog textValue={t('admin_categories.delete')} className={`${itemClass} text-danger`}>
                <Trash2 aria-hidden size={18} className="mt-0.5 shrink-0" />
                <span className="flex flex-col">
                  <Text slot="label">{t('admin_categories.delete')}</Text>
                  {blocked && (
                    <Text slot="description" className="text-xs text-muted">
                      {blocked === 'children' ? t('admin_categories.delete_blocked_children') : t('admin_categories.delete_blocked_ads')}
                    </Text>
                  )}
                </span>
              </MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
    </div>
  );
}
