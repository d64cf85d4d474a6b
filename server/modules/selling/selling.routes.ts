import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { acceptFormBodies, readUploadForm } from '../../platform/uploads.ts';
import { AD_MAX_PICTURES, MAX_PICTURE_BYTES } from '../../../common/pictures.ts';
import { AdUuidParams, EditableAd, ManagedAd } from '../ads/ads.schemas.ts';
import { ChangeStatusBody, DeletePictureBody, MyAdsQuery, MyAdsReply, ReorderPicturesBody, UpdateAdBody } from './selling.schemas.ts';

const uploadOptions = { fileField: 'files', maxFiles: AD_MAX_PICTURES, maxFileBytes: MAX_PICTURE_BYTES };

/** A JSON ad's fields; anything but an object is a body without fields (each then gets its message). */
function jsonFields(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The seller's calls (spec section 7, Products). Rules live in the service. */
const sellingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const selling = app.services.selling;
  acceptFormBodies(app);

  app.post(
    '/product',
    {
      schema: {
        tags: ['selling'],
        summary:
          'Create an ad (multipart: name, description, price, city_id, catalog_id, address, attributes as JSON, files ×0–10; or JSON without pictures); it waits for moderation unless the app settings switch that off',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: Type.Object({ message: Type.String(), data: ManagedAd }) },
      },
    },
    async (request, reply) => {
      const current = requireUser(request);
      // A JSON body is an ad without pictures (they may follow through /product-images).
      const form = request.isMultipart() ? await readUploadForm(request, uploadOptions) : { fields: jsonFields(request.body), files: [] };
      const data = await selling.create(current, form.fields, form.files, request.locale);
      // With moderation off in the app settings the ad is shown at once, and the message says so.
      const message = translate(request.locale, data.status === 'active' ? 'ads.created_published' : 'ads.created');
      return reply.code(201).send({ message, data });
    },
  );

  app.patch(
    '/product',
    {
      schema: {
        tags: ['selling'],
        summary:
          'Change an ad (form-encoded or JSON, with productUuid); a new name, description or catalog sends an active ad back to review',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: UpdateAdBody,
        response: { 200: Type.Object({ message: Type.String(), data: ManagedAd }) },
      },
    },
    async (request) => {
      const current = requireUser(request);
      const { productUuid, ...fields } = request.body;
      const { view, sentToReview } = await selling.update(current, productUuid, fields, request.locale);
      return { message: translate(request.locale, sentToReview ? 'ads.updated_review' : 'ads.updated'), data: view };
    },
  );

  app.get(
    '/product/:uuid/edit',
    {
      schema: {
        tags: ['selling'],
        summary: 'One of my ads with everything the edit form needs',
        params: AdUuidParams,
        response: { 200: Type.Object({ data: EditableAd }) },
      },
    },
    async (request) => ({ data: await selling.editable(requireUser(request), request.params.uuid, request.locale) }),
  );

  app.delete(
    '/product/:uuid',
    { schema: { tags: ['selling'], summary: 'Delete my ad with its pictures', params: AdUuidParams } },
    async (request) => {
      await selling.remove(requireUser(request), request.params.uuid);
      return { message: translate(request.locale, 'ads.deleted') };
    },
  );

  app.post(
    '/product-images',
    { schema: { tags: ['selling'], summary: 'Add pictures (multipart: productUuid, files)', consumes: ['multipart/form-data'] } },
    async (request) => {
      const current = requireUser(request);
      const form = await readUploadForm(request, uploadOptions);
      const images = await selling.addPictures(current, form.fields.productUuid, form.files);
      return { message: translate(request.locale, 'ads.pictures_added'), data: images };
    },
  );

  app.post(
    '/delete-product-images',
    { schema: { tags: ['selling'], summary: 'Delete one picture and its stored files', body: DeletePictureBody } },
    async (request) => {
      await selling.deletePicture(requireUser(request), request.body.productUuid, request.body.imageUuid);
      return { message: translate(request.locale, 'ads.picture_deleted') };
    },
  );

  app.post(
    '/product-images/order',
    { schema: { tags: ['selling'], summary: 'Put the pictures in this order; the first is the cover', body: ReorderPicturesBody } },
    async (request) => {
      await selling.reorderPictures(requireUser(request), request.body.productUuid, request.body.order);
      return { message: translate(request.locale, 'ads.updated') };
    },
  );

  app.patch(
    '/product/change-status',
    {
      schema: {
        tags: ['selling'],
        summary: 'Set the status of an ad (owner: active, sold, reserved, disabled; staff: any)',
        body: ChangeStatusBody,
      },
    },
    async (request) => {
      const current = requireUser(request);
      const product = await selling.changeStatus(current, request.body.id, request.body.status, request.body.reason);
      return {
        message: translate(request.locale, 'ads.status_changed'),
        data: { id: product.id, uuid: product.uuid, status: product.status },
      };
    },
  );

  app.get(
    '/user-products',
    {
      schema: {
        tags: ['selling'],
        summary: 'My ads of every status with counts per status',
        querystring: MyAdsQuery,
        response: { 200: MyAdsReply },
      },
    },
    async (request) => selling.myAds(requireUser(request), request.query, request.locale),
  );
};

export default sellingRoutes;
