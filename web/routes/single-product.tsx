import { useTranslation } from '../lib/use-translation';
import { AppError } from '../../common/errors';
import { AdDetails } from '../features/ad/components/ad-details';
import { Gallery } from '../features/ad/components/gallery';
import { ProductResults } from '../features/search/components/product-results';
import { localizedUrl, pageMetaFromLoader } from '../lib/meta';
import { notFound } from '../lib/page.server';
import { Breadcrumbs } from '../components/breadcrumbs';
import { DecisionNotice } from '../features/reports/components/decision-notice';
import { ReportAdButton } from '../features/reports/components/report-ad-dialog';
import { attributesJsonLd } from '../features/ad/ad-json-ld';
import { AdEndedScreen } from '../features/lifecycle/components/ad-ended-screen';
import { ValidityNote } from '../features/lifecycle/components/validity-note';
import { data } from 'react-router';
import type { Route } from './+types/single-product';

const AVAILABILITY: Record<string, string> = {
  active: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  let ad;
  try {
    ad = await context.services.products.detail(params.productUuid, context.user, context.locale, {
      ip: context.clientIp,
      userAgent: request.headers.get('user-agent') ?? undefined,
    });
  } catch (error) {
    if (AppError.is(error) && error.code === 'not_found') throw notFound();
    // An ended ad is gone for visitors (issue 27): 410 with a page that says so; its owner gets the whole page.
    if (AppError.is(error) && error.code === 'ad_ended') {
      const path = `/${params.productUuid}`;
      return data(
        {
          ended: true as const,
          meta: { title: context.t('lifecycle.gone.title'), description: context.t('lifecycle.gone.body'), path, noindex: true },
        },
        { status: 410 },
      );
    }
    throw error;
  }
  const similarInput = { catalogId: ad.catalog.id, cityId: ad.city.id, currentProductId: ad.id };
  const [sameCity, sameCatalog, decision] = await Promise.all([
    context.services.products.similar(similarInput, 'city', context.locale),
    context.services.products.similar(similarInput, 'catalog', context.locale),
    // The seller of an ad staff hid sees why, and may appeal.
    ad.is_owner && ad.status === 'canceled' ? context.services.reports.adDecision(context.user, ad.uuid) : null,
  ]);
  const absolute = (url: string) => (url.startsWith('http') ? url : `${context.site.publicUrl}${url}`);
  const path = `/${ad.uuid}`;
  const description = ad.description.replace(/\s+/g, ' ').slice(0, 160);
  const image = ad.images[0] ? absolute(ad.images[0].full) : undefined;
  // A business seller is an Organization with its Y-tunnus as the tax id (DSA Art. 30); anyone else a Person.
  const company = ad.seller.company;
  const sellerUrl = `${context.site.publicUrl}/seller/${ad.seller.id}`;
  const seller = company
    ? {
        '@type': 'Organization',
        name: company.name,
        taxID: company.business_id,
        url: sellerUrl,
        ...(company.address ? { address: company.address } : {}),
        ...(company.email ? { email: company.email } : {}),
        ...(company.phone ? { telephone: company.phone } : {}),
      }
    : { '@type': 'Person', name: ad.seller.name, url: sellerUrl };
  // A car or a home is a Product and a Car or an Accommodation, with the fields those types define.
  const fields = attributesJsonLd(ad.attributes);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': fields.types.length ? ['Product', ...fields.types] : 'Product',
    name: ad.name,
    description: ad.description.slice(0, 5000),
    image: ad.images.map((i) => absolute(i.full)),
    category: ad.catalog.path.map((c) => c.name).join(' > '),
    ...fields.properties,
    offers: {
      '@type': 'Offer',
      price: ad.price.toFixed(2),
      priceCurrency: 'EUR',
      availability: AVAILABILITY[ad.status] ?? 'https://schema.org/Discontinued',
      url: `${context.site.publicUrl}${path}`,
      areaServed: ad.city.name,
      seller,
    },
  };
  return {
    meta: { title: ad.name, description, path, ...(image ? { image } : {}), ...(ad.status === 'active' ? {} : { noindex: true }) },
    ad,
    sameCity,
    sameCatalog,
    decision,
    signedIn: !!context.user,
    jsonLd,
    map: context.site.map,
  };
}

export function meta(args: Route.MetaArgs) {
  const tags = pageMetaFromLoader(args);
  if (!args.data || 'ended' in args.data) return tags;
  return [
    ...tags.map((tag) => ('property' in tag && tag.property === 'og:type' ? { property: 'og:type', content: 'product' } : tag)),
    { 'script:ld+json': args.data.jsonLd },
  ];
}

export default function SingleProduct({ loaderData, matches }: Route.ComponentProps) {
  if ('ended' in loaderData) return <AdEndedScreen />;
  return <AdPage loaderData={loaderData} matches={matches} />;
}

function AdPage({
  loaderData,
  matches,
}: {
  loaderData: Exclude<Route.ComponentProps['loaderData'], { ended: true }>;
  matches: Route.ComponentProps['matches'];
}) {
  const { t } = useTranslation();
  const { ad, sameCity, sameCatalog, decision } = loaderData;
  const site = (matches[0]?.data as { site?: Parameters<typeof localizedUrl>[0] } | undefined)?.site;
  const canonicalUrl = site ? localizedUrl(site, `/${ad.uuid}`, 'fi') : `/${ad.uuid}`;
  return (
    <>
      <Breadcrumbs
        crumbs={ad.catalog.path.map((crumb, i) => ({
          name: crumb.name,
          href: `/catalogs/${ad.catalog.path
            .slice(0, i + 1)
            .map((c) => c.slug)
            .join('/')}`,
        }))}
      />
      {decision && <DecisionNotice uuid={ad.uuid} decision={decision} />}
      {ad.is_owner && (
        <div className="mb-4">
          <ValidityNote ad={ad} buttonId="renew" />
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Gallery pictures={ad.images} title={ad.name} />
        <div className="flex flex-col gap-5">
          <AdDetails ad={ad} canonicalUrl={canonicalUrl} mapTiles={loaderData.map} />
          {!ad.is_owner && <ReportAdButton uuid={ad.uuid} signedIn={loaderData.signedIn} />}
        </div>
      </div>
      {sameCity.length > 0 && (
        <section aria-labelledby="same-city" className="mt-10">
          <h2 id="same-city" className="mb-3 text-xl font-semibold">
            {t('ad.same_city', { city: ad.city.name })}
          </h2>
          <ProductResults products={sameCity} view="card" />
        </section>
      )}
      {sameCatalog.length > 0 && (
        <section aria-labelledby="same-catalog" className="mt-10">
          <h2 id="same-catalog" className="mb-3 text-xl font-semibold">
            {t('ad.same_catalog', { catalog: ad.catalog.name })}
          </h2>
          <ProductResults products={sameCatalog} view="card" />
        </section>
      )}
    </>
  );
}
