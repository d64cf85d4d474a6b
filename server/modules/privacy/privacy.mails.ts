import type { Locale } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { composeMail } from '../../platform/mail-layout.ts';

/** "Your data is ready": the link to the ZIP, valid for a week, in the session that asked for it only. */
export const privacyMails = {
  exportReady: (locale: Locale, to: string, params: { name: string; site: string; url: string; date: string }): MailMessage => {
    const t = (key: string) => translate(locale, `mail.data_export.${key}`, { ...params });
    return composeMail(locale, to, {
      subject: t('subject'),
      greeting: translate(locale, 'mail.greeting', { name: params.name }),
      paragraphs: [t('body'), t('session'), t('after')],
      action: { label: t('action'), url: params.url },
      signature: translate(locale, 'mail.signature', { site: params.site }),
    });
  },
};
