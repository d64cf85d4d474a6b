import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../../common/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { clearSessionCookie, requireUser } from '../../platform/session.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import { requestMeta } from '../../platform/current-user.ts';
import { DeleteAccountBody, IdParams, ProfileBody, ThemeBody, UserByTokenBody } from './users.schemas.ts';

const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { auth, users } = app.services;

  app.get('/user', { schema: { tags: ['users'], summary: 'The signed-in person' } }, async (request) => ({
    data: auth.present(requireUser(request)),
  }));

  app.post('/user-by-token', { schema: { tags: ['users'], body: UserByTokenBody } }, async (request) => {
    const current = await auth.resolveSession(request.body.token);
    if (!current) throw new AppError('unauthenticated');
    return { data: auth.present(current) };
  });

  app.patch('/profile', { schema: { tags: ['users'], body: ProfileBody } }, async (request) => ({
    message: translate(request.locale, 'auth.profile_saved'),
    user: await users.updateProfile(requireUser(request), request.body, request.locale),
  }));

  app.patch('/theme', { schema: { tags: ['users'], body: ThemeBody } }, async (request) => ({
    data: await users.setTheme(requireUser(request), request.body.theme_dark),
  }));

  app.delete('/account/:id/delete', { schema: { tags: ['users'], params: IdParams, body: DeleteAccountBody } }, async (request, reply) => {
    await users.deleteAccount(requireUser(request), request.params.id, request.body ?? {}, requestMeta(request));
    clearSessionCookie(reply);
    return { message: translate(request.locale, 'auth.account_deleted') };
  });

  app.post(
    '/avatar',
    { schema: { tags: ['users'], summary: 'Upload a profile picture (multipart field "avatar")', consumes: ['multipart/form-data'] } },
    async (request) => {
      const current = requireUser(request);
      const buffer = await readSingleUpload(request, 'avatar');
      return { message: translate(request.locale, 'auth.profile_saved'), user: await users.setAvatar(current, buffer) };
    },
  );

  app.delete('/avatar', { schema: { tags: ['users'] } }, async (request) => ({
    user: await users.removeAvatar(requireUser(request)),
  }));

  app.get('/user-info/:id', { schema: { tags: ['users'], params: IdParams } }, async (request) => ({
    data: await users.publicProfile(request.params.id),
  }));
};

export default usersRoutes;
