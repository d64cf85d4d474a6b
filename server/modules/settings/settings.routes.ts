import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { translate } from '../../platform/i18n.ts';
import { requireUser } from '../../platform/session.ts';
import { requestMeta } from '../../platform/current-user.ts';
import { AppSettingsPatch, AppSettingsReply, AppSettingsSaved } from './settings.schemas.ts';

/** The admin area's app settings (spec: app-settings); staff with `settings.manage`. */
const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const settings = app.services.settings;

  app.get(
    '/admin/app-settings',
    { schema: { tags: ['admin'], summary: 'The app settings and their defaults', response: { 200: AppSettingsReply } } },
    async (request) => ({ data: await settings.get(requireUser(request)) }),
  );

  app.patch(
    '/admin/app-settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Changes the settings sent; every instance uses them within moments',
        body: AppSettingsPatch,
        response: { 200: AppSettingsSaved },
      },
    },
    async (request) => {
      const data = await settings.update(requireUser(request), request.body, requestMeta(request));
      return { message: translate(request.locale, 'app_settings.saved'), data };
    },
  );
};

export default settingsRoutes;
