import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { readUploadForm } from '../../platform/uploads.ts';
import { AD_MAX_PICTURES, MAX_PICTURE_BYTES } from '../../../common/pictures.ts';
import {
  AdminProductsBody,
  AdminProductsReply,
  ChangeStatusBody,
  DeletePictureBody,
  MyAdsQuery,
  MyAdsReply,
  RejectBody,
  ReorderPicturesBody,
  UpdateAdBody,
  UuidParams,
} from './seller.schemas.ts';
import { EditableAd, ManagedAd } from '../ads/ads.schemas.ts';

const FORM_BODY_LIMIT = 64 * 1024;
const uploadOptions = { fileField: 'files', maxFiles: AD_MAX_PICTURES, maxFileBytes: MAX_PICTURE_BYTES };

/** The seller's calls (spec section 7, Products) and the moderator's (admin products). Rules live in the services. */
const sellerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const seller = app.services.seller;
  const moderation = app.services.moderation;

  // PATCH /product is form-encoded in the spec; this parser serves only this plugin's routes.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    '/product',
    {
      schema: {
        tags: ['selling'],
        summary: 'Create an ad (multipart: name, description, price, city_id, catalog_id, address, files ×0–10); it waits for moderation',
        consumes: ['multipart/form-data'],
        response: { 201: Type.Object({ message: Type.String(), data: ManagedAd }) },
      },
    },
    async (request, reply) => {
      const current = requireUser(request);
      const form = await readUploadForm(request, uploadOptions);
      const data = await seller.create(current, form.fields, form.files, request.locale);
      return reply.code(201).send({ message: translate(request.locale, 'ads.created'), data });
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
      const { view, sentToReview } = await seller.update(current, productUuid, fields, request.locale);
      return { message: translate(request.locale, sentToReview ? 'ads.updated_review' : 'ads.updated'), data: view };
    },
  );

  app.get(
    '/product/:uuid/edit',
    {
      schema: {
        tags: ['selling'],
        summary: 'One of my ads with everything the edit form needs',
        params: UuidParams,
        response: { 200: Type.Object({ data: EditableAd }) },
      },
    },
    async (request) => ({ data: await seller.editable(requireUser(request), request.params.uuid, request.locale) }),
  );

  app.delete(
    '/product/:uuid',
    { schema: { tags: ['selling'], summary: 'Delete my ad with its pictures', params: UuidParams } },
    async (request) => {
      await seller.remove(requireUser(request), request.params.uuid);
      return { message: translate(request.locale, 'ads.deleted') };
    },
  );

  app.post(
    '/product-images',
    { schema: { tags: ['selling'], summary: 'Add pictures (multipart: productUuid, files)', consumes: ['multipart/form-data'] } },
    async (request) => {
      const current = requireUser(request);
      const form = await readUploadForm(request, uploadOptions);
      const images = await seller.addPictures(current, form.fields.productUuid, form.files);
      return { message: translate(request.locale, 'ads.pictures_added'), data: images };
    },
  );

  app.post(
    '/delete-product-images',
    { schema: { tags: ['selling'], summary: 'Delete one picture and its stored files', body: DeletePictureBody } },
    async (request) => {
      await seller.deletePicture(requireUser(request), request.body.productUuid, request.body.imageUuid);
      return { message: translate(request.locale, 'ads.picture_deleted') };
    },
  );

  app.post(
    '/product-images/order',
    { schema: { tags: ['selling'], summary: 'Put the pictures in this order; the first is the cover', body: ReorderPicturesBody } },
    async (request) => {
      await seller.reorderPictures(requireUser(request), request.body.productUuid, request.body.order);
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
      const product = await seller.changeStatus(current, request.body.id, request.body.status, request.body.reason);
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
    async (request) => seller.myAds(requireUser(request), request.query, request.locale),
  );

  app.post(
    '/admin/products',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Ads of one status for staff (default: the moderation queue)',
        body: AdminProductsBody,
        response: { 200: AdminProductsReply },
      },
    },
    async (request) => moderation.list(requireUser(request), request.body?.status ?? 'moderate', request.body?.page ?? 1, request.locale),
  );

  app.post(
    '/admin/products/:uuid/approve',
    { schema: { tags: ['moderation'], summary: 'Approve an ad: it becomes active and the seller gets a mail', params: UuidParams } },
    async (request) => {
      const product = await moderation.approve(requireUser(request), request.params.uuid);
      return { message: translate(request.locale, 'ads.approved'), data: { uuid: product.uuid, status: product.status } };
    },
  );

  app.post(
    '/admin/products/:uuid/reject',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Reject an ad with a reason the seller sees and receives by mail',
        params: UuidParams,
        body: RejectBody,
      },
    },
    async (request) => {
      const product = await moderation.reject(requireUser(request), request.params.uuid, request.body.reason);
      return { message: translate(request.locale, 'ads.rejected'), data: { uuid: product.uuid, status: product.status } };
    },
  );
};

export default sellerRoutes;
