import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  HintBody,
  HintReply,
  ListingBody,
  ListingReply,
  ProductParams,
  SellerParams,
  SellerQuery,
  SellerReply,
  SimilarBody,
  SimilarReply,
  SuggestionBody,
  SuggestionReply,
} from './products.schemas.ts';

/** These POSTs only read: a client that sent one has not written (platform/read-after-write.ts). */
const READS_ONLY = { readsOnly: true };

const searchClient = (request: FastifyRequest) => ({ ip: request.ip, userId: request.currentUser?.id });

const productsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const products = app.services.products;

  app.post(
    '/products',
    {
      config: READS_ONLY,
      schema: { tags: ['products'], summary: 'Search and list active ads, 20 a page', body: ListingBody, response: { 200: ListingReply } },
    },
    async (request) => products.list(request.body ?? {}, request.locale, searchClient(request)),
  );

  app.get('/product/:id', { schema: { tags: ['products'], summary: 'One ad by its uuid', params: ProductParams } }, async (request) => ({
    data: await products.detail(request.params.id, request.currentUser ?? null, request.locale, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    }),
  }));

  app.post(
    '/same-products-in-the-city',
    {
      config: READS_ONLY,
      schema: { tags: ['products'], summary: 'Other active ads in the same city', body: SimilarBody, response: { 200: SimilarReply } },
    },
    async (request) => ({ data: await products.similar(request.body, 'city', request.locale) }),
  );

  app.post(
    '/same-products',
    {
      config: READS_ONLY,
      schema: { tags: ['products'], summary: 'Other active ads in the same catalog', body: SimilarBody, response: { 200: SimilarReply } },
    },
    async (request) => ({ data: await products.similar(request.body, 'catalog', request.locale) }),
  );

  app.get(
    '/sellers/:id',
    {
      schema: {
        tags: ['products'],
        summary: 'A seller’s public page: name, member since, and their active ads, 20 a page (404 for anyone without a public ad)',
        params: SellerParams,
        querystring: SellerQuery,
        response: { 200: SellerReply },
      },
    },
    async (request) => products.sellerPage(request.params.id, request.query.page ?? 1, request.locale),
  );

  app.post(
    '/catalog-suggestions',
    {
      config: READS_ONLY,
      schema: {
        tags: ['products'],
        summary: 'Up to three categories for a new ad, from its title (the new-ad form asks as the seller types)',
        body: SuggestionBody,
        response: { 200: SuggestionReply },
      },
    },
    async (request) => ({ data: await products.suggestCatalogs(request.body.title, request.locale, searchClient(request)) }),
  );

  app.post(
    '/search-hint',
    {
      config: READS_ONLY,
      schema: { tags: ['products'], summary: 'Up to ten suggestions while typing', body: HintBody, response: { 200: HintReply } },
    },
    async (request) => ({ data: await products.hints(request.body.query, request.locale, searchClient(request)) }),
  );
};

export default productsRoutes;
