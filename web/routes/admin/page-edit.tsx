import { ArrowLeft } from 'lucide-react';
import { languageName } from '../../../common/locales';
import { Link } from 'react-router';
import { AppError } from '../../../common/errors';
import { InfoPageEditor } from '../../features/staff-pages/components/info-page-editor';
import { pageMetaFromLoader } from '../../lib/meta';
import { notFound, pageMeta, requireAccess } from '../../lib/page.server';
import { useTranslation } from '../../lib/use-translation';
import type { Route } from './+types/page-edit';

/** One info page in one language, to edit (staff with pages.manage); an unknown slug or language is NotFound. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAccess(context, request, 'pages.manage');
  const pageNumber = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const versionsPage = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1;
  try {
    const [page, versions] = await Promise.all([
      context.services.pages.get(context.user!, params.slug, params.locale),
      context.services.pages.versions(context.user!, params.slug, params.locale, versionsPage),
    ]);
    const names = { page: context.t(`footer.${page.slug}`), language: languageName(page.locale) };
    return {
      meta: pageMeta(context, 'admin_page_edit', `/admin/pages/${page.slug}/${page.locale}`, { noindex: true, params: names }),
      page,
      versions,
      names,
    };
  } catch (error) {
    if (AppError.is(error) && error.code === 'not_found') throw notFound();
    throw error;
  }
}

export const meta = pageMetaFromLoader;

export default function AdminPageEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, versions, names } = loaderData;
  return (
    <section className="mx-auto max-w-4xl py-4 sm:py-6" aria-labelledby="page-edit-heading">
      <Link to="/admin/pages" className="mb-3 inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-brand hover:underline">
        <ArrowLeft aria-hidden size={16} />
        {t('admin_pages.back')}
      </Link>
      <h1 id="page-edit-heading" className="mb-4 text-2xl font-bold">
        {t('admin_pages.edit_heading', names)}
      </h1>
      {/* Another page or language is another editor: nothing typed carries over. */}
      <InfoPageEditor key={`${page.slug}/${page.locale}`} page={page} versions={versions} />
    </section>
  );
}
