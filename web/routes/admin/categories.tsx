import { useState } from 'react';
import { CategoryManager } from '../../features/staff-categories/components/category-manager';
import { FieldsPanel } from '../../features/staff-attributes/components/fields-panel';
import { pageMetaFromLoader } from '../../lib/meta';
import { pageMeta, requireAccess } from '../../lib/page.server';
import type { Route } from './+types/categories';

/** The category tree for staff with categories.manage: hidden categories too, with their ads. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAccess(context, request, 'categories.manage');
  return {
    meta: pageMeta(context, 'admin_categories', '/admin/categories', { noindex: true }),
    nodes: await context.services.catalogAdmin.list(context.user!),
  };
}

export const meta = pageMetaFromLoader;

/** The tree, and beside it the fields of the category chosen with its "Fields" button. */
export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const [fieldsOf, setFieldsOf] = useState<number | null>(null);
  // After a merge or delete the chosen category may be gone: the panel closes with it.
  const chosen = loaderData.nodes.find((node) => node.id === fieldsOf);
  return (
    <CategoryManager
      nodes={loaderData.nodes}
      fieldsOf={chosen?.id ?? null}
      onFields={(node) => setFieldsOf((open) => (open === node.id ? null : node.id))}
      aside={chosen && <FieldsPanel key={chosen.id} catalog={chosen} catalogs={loaderData.nodes} onClose={() => setFieldsOf(null)} />}
    />
  );
}
