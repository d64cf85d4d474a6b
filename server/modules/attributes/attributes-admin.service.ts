import type { AuditWriter } from '../../platform/audit-log.ts';
import { can } from '../../../common/access.ts';
import { ATTRIBUTES_PER_CATALOG_MAX, type AttributeDefinition } from '../../../common/attributes.ts';
import { AppError } from '../../../common/errors.ts';
import type { Transaction } from '../../db/client.ts';
import type { FieldProblems } from '../../platform/validation.ts';
import type { CurrentUser, RequestMeta } from '../../platform/current-user.ts';
import { auditEntry } from '../../platform/audit-entry.ts';
import type { CatalogRepo, CatalogRow } from '../catalog/catalog.repo.ts';
import { type AttributeDraft, checkLabels, draftProblems, tidyOptions } from './attribute-rules.ts';
import { type AttributesRepo, isUniqueViolation } from './attributes.repo.ts';
import type { AdminAttribute, CreateAttributeBody, UpdateAttributeBody } from './attributes.schemas.ts';
import type { AttributesService } from './attributes.service.ts';

/** Where a catalog sits: its ancestors (nearest first) and everything below it. */
function treeOf(rows: CatalogRow[]) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<number, number[]>();
  for (const row of rows) if (row.parentId !== null) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  const ancestors = (id: number): number[] => {
    const out: number[] = [];
    for (let row = byId.get(id); row?.parentId != null && out.length < 8; row = byId.get(row.parentId)) out.push(row.parentId);
    return out;
  };
  const subtree = (id: number): number[] => {
    const out: number[] = [];
    const stack = [id];
    while (stack.length && out.length < 10_000) {
      const next = stack.pop()!;
      out.push(next);
      stack.push(...(children.get(next) ?? []));
    }
    return out;
  };
  return { byId, ancestors, subtree };
}
type Tree = ReturnType<typeof treeOf>;

/** A field as staff see it, for the catalog they asked about. */
function present(definition: AttributeDefinition, catalogId: number): AdminAttribute {
  return {
    id: definition.id,
    catalog_id: definition.catalogId,
    inherited: definition.catalogId !== catalogId,
    key: definition.key,
    type: definition.type,
    unit: definition.unit ?? null,
    min: definition.min ?? null,
    max: definition.max ?? null,
    decimals: definition.decimals,
    labels: definition.labels,
    options: definition.options,
    required: definition.required,
    filter: definition.filter,
    card: definition.card ?? null,
    position: definition.position,
    retired: definition.retired,
  };
}

const draftOf = (d: AttributeDefinition): AttributeDraft => ({
  key: d.key,
  type: d.type,
  unit: d.unit ?? null,
  min: d.min ?? null,
  max: d.max ?? null,
  decimals: d.decimals,
  labels: d.labels,
  options: d.options,
  required: d.required,
  filter: d.filter,
  card: d.card ?? null,
});

const fail = (problems: FieldProblems) => {
  if (Object.keys(problems).length) throw new AppError('validation_failed', {}, problems);
};

/**
 * Staff define the category fields (issue 26). Rules, beyond a field's own (attribute-rules.ts):
 * - everything needs `categories.manage`, the permission of the category tree;
 * - a key is unique along every path through its catalog (ancestors and descendants, retired
 *   fields too: their values stay) and never changes;
 * - the type changes only while no ad holds a value under the key; an option is removed only
 *   while no ad holds it (409 otherwise: relabel it instead);
 * - at most ATTRIBUTES_PER_CATALOG_MAX fields in use along a path, and each card place (1, 2)
 *   taken at most once along a path;
 * - every change runs in one transaction under the tree's lock, which raises the tree's version
 *   (every process then reloads the fields), is audited, and clears this process's copy at once.
 */
export function createAttributesAdminService(deps: {
  repo: AttributesRepo;
  catalogRepo: CatalogRepo;
  audit: AuditWriter;
  attributes: AttributesService;
  /** The fields changed: cached listings (their highlights) must not serve the old ones. */
  onChanged?: () => void;
}) {
  const { repo, catalogRepo, audit } = deps;

  function requireManage(current: CurrentUser): void {
    if (!can(current, 'categories.manage')) throw new AppError('forbidden');
  }

  interface State {
    tx: Transaction;
    tree: Tree;
    all: AttributeDefinition[];
  }

  /** Runs one change under the tree's lock (which raises its version) with the rows as they are now. */
  async function change<T>(work: (state: State) => Promise<T>): Promise<T> {
    const result = await repo.transaction(async (tx) => {
      await catalogRepo.lockForChange(tx);
      const [rows, all] = await Promise.all([catalogRepo.listAll(tx), repo.listAll(tx)]);
      return work({ tx, tree: treeOf(rows), all });
    });
    deps.attributes.invalidate();
    deps.onChanged?.();
    return result;
  }

  function catalogIn(tree: Tree, id: number): CatalogRow {
    const row = tree.byId.get(id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  function fieldIn(all: AttributeDefinition[], id: number): AttributeDefinition {
    const found = all.find((d) => d.id === id);
    if (!found) throw new AppError('not_found');
    return found;
  }

  /** A catalog's fields as its ads have them: its ancestors' first, then its own, each in order. */
  function fieldsOf(state: Pick<State, 'tree' | 'all'>, catalogId: number): AttributeDefinition[] {
    const path = [...state.tree.ancestors(catalogId)].reverse().concat(catalogId);
    return path.flatMap((id) => state.all.filter((d) => d.catalogId === id));
  }

  /** Every field that shares a path with the catalog: its ancestors', its own and its descendants'. */
  function alongPaths(state: State, catalogId: number, exceptId?: number): AttributeDefinition[] {
    const ids = new Set([...state.tree.ancestors(catalogId), ...state.tree.subtree(catalogId)]);
    return state.all.filter((d) => ids.has(d.catalogId) && d.id !== exceptId);
  }

  /** The tree's rules for an active field at the catalog: the count along each path, a free card place. */
  function pathProblems(state: State, catalogId: number, draft: AttributeDraft, exceptId?: number): FieldProblems {
    const problems: FieldProblems = {};
    for (const below of state.tree.subtree(catalogId)) {
      const active = fieldsOf(state, below).filter((d) => !d.retired && d.id !== exceptId).length;
      if (active + 1 > ATTRIBUTES_PER_CATALOG_MAX) {
        problems.catalog = [{ key: 'staff_attributes.errors.too_many_fields', params: { limit: ATTRIBUTES_PER_CATALOG_MAX } }];
        break;
      }
    }
    if (draft.card !== null) {
      const holder = alongPaths(state, catalogId, exceptId).find((d) => !d.retired && d.card === draft.card);
      if (holder) problems.card = [{ key: 'staff_attributes.errors.card_taken', params: { slot: draft.card, key: holder.key } }];
    }
    return problems;
  }

  async function snapshot(id: number, catalogId: number, tx: Transaction): Promise<AdminAttribute> {
    return present(fieldIn(await repo.listAll(tx), id), catalogId);
  }

  const stored = (draft: AttributeDraft) => ({
    type: draft.type,
    unit: draft.unit,
    min: draft.min,
    max: draft.max,
    decimals: draft.decimals,
    labels: draft.labels,
    options: draft.options,
    required: draft.required,
    filter: draft.filter,
    card: draft.card,
  });

  return {
    /** A catalog's own and inherited fields in all languages, retired ones too, in the order its ads have them. */
    async list(current: CurrentUser, catalogId: number): Promise<AdminAttribute[]> {
      requireManage(current);
      const [rows, all] = await Promise.all([catalogRepo.listAll(), repo.listAll()]);
      const tree = treeOf(rows);
      catalogIn(tree, catalogId);
      return fieldsOf({ tree, all }, catalogId).map((d) => present(d, catalogId));
    },

    async create(current: CurrentUser, catalogId: number, input: CreateAttributeBody, meta: RequestMeta): Promise<AdminAttribute> {
      requireManage(current);
      const problems: FieldProblems = {};
      const draft: AttributeDraft = {
        key: input.key.trim(),
        type: input.type,
        unit: input.unit ?? null,
        min: input.min ?? null,
        max: input.max ?? null,
        decimals: input.decimals ?? 0,
        labels: checkLabels(input.labels, 'labels', problems),
        options: tidyOptions(input.options ?? [], problems),
        required: input.required ?? false,
        filter: input.filter ?? false,
        card: input.card ?? null,
      };
      draftProblems(draft, problems);
      fail(problems);
      try {
        return await change(async (state) => {
          catalogIn(state.tree, catalogId);
          const clash = alongPaths(state, catalogId).find((d) => d.key === draft.key);
          if (clash) throw keyTaken(state, clash);
          fail(pathProblems(state, catalogId, draft));
          const own = state.all.filter((d) => d.catalogId === catalogId);
          const position = own.reduce((last, d) => Math.max(last, d.position + 1), 0);
          const created = await repo.insert({ catalogId, key: draft.key, position, ...stored(draft) }, state.tx);
          await audit(
            auditEntry(current, meta, 'attribute_created', 'catalog_attribute', created.id, { catalog_id: catalogId, after: draft }),
            state.tx,
          );
          return present(created, catalogId);
        });
      } catch (error) {
        // The lock serialises staff changes; the unique index is the last word should two slip past it.
        if (isUniqueViolation(error)) throw new AppError('duplicate', {}, { key: [{ key: 'staff_attributes.errors.key_taken_here' }] });
        throw error;
      }
    },

    /** Changes what is given; the key stays. */
    async update(current: CurrentUser, id: number, input: UpdateAttributeBody, meta: RequestMeta): Promise<AdminAttribute> {
      requireManage(current);
      return change(async (state) => {
        const before = fieldIn(state.all, id);
        const problems: FieldProblems = {};
        if (input.key !== undefined && input.key.trim() !== before.key) problems.key = [{ key: 'staff_attributes.errors.key_fixed' }];
        const draft: AttributeDraft = {
          ...draftOf(before),
          ...(input.type !== undefined ? { type: input.type } : {}),
          ...(input.unit !== undefined ? { unit: input.unit } : {}),
          ...(input.min !== undefined ? { min: input.min } : {}),
          ...(input.max !== undefined ? { max: input.max } : {}),
          ...(input.decimals !== undefined ? { decimals: input.decimals } : {}),
          ...(input.required !== undefined ? { required: input.required } : {}),
          ...(input.filter !== undefined ? { filter: input.filter } : {}),
          ...(input.card !== undefined ? { card: input.card } : {}),
          labels: input.labels ? checkLabels({ ...before.labels, ...input.labels }, 'labels', problems) : before.labels,
          options: input.options ? tidyOptions(input.options, problems) : before.options,
        };
        draftProblems(draft, problems);
        fail(problems);
        if (!before.retired) fail(pathProblems(state, before.catalogId, draft, id));
        const ads = state.tree.subtree(before.catalogId);
        if (draft.type !== before.type && (await repo.anyValue(before.key, ads, state.tx))) {
          throw new AppError('in_use', {}, { type: [{ key: 'staff_attributes.errors.type_in_use' }] });
        }
        const kept = new Set(draft.options.map((o) => o.value));
        for (const option of before.options.filter((o) => !kept.has(o.value))) {
          if (await repo.anyOption(before.key, option.value, ads, state.tx)) {
            throw new AppError(
              'in_use',
              {},
              { options: [{ key: 'staff_attributes.errors.option_in_use', params: { option: option.value } }] },
            );
          }
        }
        const after = stored(draft);
        if (JSON.stringify(after) === JSON.stringify(stored(draftOf(before)))) return present(before, before.catalogId);
        await repo.update(id, after, state.tx);
        await audit(
          auditEntry(current, meta, 'attribute_updated', 'catalog_attribute', id, { before: draftOf(before), after: draft }),
          state.tx,
        );
        return snapshot(id, before.catalogId, state.tx);
      });
    },

    /** Puts a catalog's own fields in this order (every one of them, retired ones too). */
    async reorder(current: CurrentUser, catalogId: number, ids: number[], meta: RequestMeta): Promise<AdminAttribute[]> {
      requireManage(current);
      return change(async (state) => {
        catalogIn(state.tree, catalogId);
        const own = state.all.filter((d) => d.catalogId === catalogId);
        const same = ids.length === own.length && new Set(ids).size === ids.length && own.every((d) => ids.includes(d.id));
        if (!same) throw AppError.field('ids', 'staff_attributes.errors.order_mismatch');
        const order = (list: number[]) => list.map((id) => own.find((d) => d.id === id)!.key);
        const before = own.map((d) => d.id);
        if (before.join() !== ids.join()) {
          await repo.setPositions(ids, state.tx);
          await audit(
            auditEntry(current, meta, 'attributes_reordered', 'catalog', catalogId, { before: order(before), after: order(ids) }),
            state.tx,
          );
        }
        const all = await repo.listAll(state.tx);
        return fieldsOf({ tree: state.tree, all }, catalogId).map((d) => present(d, catalogId));
      });
    },

    /** Retires a field (no longer asked or filtered by; stored values stay and show) or brings it back. */
    async setRetired(current: CurrentUser, id: number, retired: boolean, meta: RequestMeta): Promise<AdminAttribute> {
      requireManage(current);
      return change(async (state) => {
        const before = fieldIn(state.all, id);
        if (before.retired === retired) return present(before, before.catalogId);
        if (!retired) fail(pathProblems(state, before.catalogId, draftOf(before), id));
        await repo.update(id, { retiredAt: retired ? new Date() : null }, state.tx);
        await audit(
          auditEntry(current, meta, retired ? 'attribute_retired' : 'attribute_restored', 'catalog_attribute', id, {
            key: before.key,
            catalog_id: before.catalogId,
          }),
          state.tx,
        );
        return snapshot(id, before.catalogId, state.tx);
      });
    },
  };

  /** 409 with where the key is already used, by catalog name (Finnish, as staff mostly read it). */
  function keyTaken(state: State, clash: AttributeDefinition): AppError {
    const where = state.tree.byId.get(clash.catalogId);
    return new AppError('duplicate', {}, { key: [{ key: 'staff_attributes.errors.key_taken', params: { catalog: where?.nameFi ?? '' } }] });
  }
}

export type AttributesAdminService = ReturnType<typeof createAttributesAdminService>;
