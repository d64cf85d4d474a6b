import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CityList, RegionList } from './geo.schemas.ts';

const geoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/cities',
    { schema: { tags: ['geo'], summary: 'All Finnish municipalities', response: { 200: CityList } } },
    async (request) => ({ data: await app.services.geo.listCities(request.locale) }),
  );

  app.get(
    '/regions',
    { schema: { tags: ['geo'], summary: 'All Finnish regions (maakunnat)', response: { 200: RegionList } } },
    async (request) => ({ data: await app.services.geo.listRegions(request.locale) }),
  );
};

export default geoRoutes;
