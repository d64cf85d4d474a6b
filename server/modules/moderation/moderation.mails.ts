import { composeMail } from '../../platform/mail-layout.ts';
import { translate } from '../../platform/i18n.ts';
import { type Locale } from '../../../common/locales.ts';
import type { MailMessage } from '../../platform/mail.ts';

interface Params {
  name: string;
  site: string;
  title: string;
  url: string;
}

/** The seller hears the moderator's answer either way: approved (with a link to the ad) or rejected (with the reason). */
export const moderationMails = {
  approved: (locale: Locale, to: string, params: Params): MailMessage => {
    const t = (key: string) => translate(locale, `mail.ad_approved.${key}`, { ...params });
    return composeMail(locale, to, {
      subject: t('subject'),
      greeting: translate(locale, 'mail.greeting', { name: params.name }),
      paragraphs: [t('body')],
      action: { label: t('action'), url: params.url },
      signature: translate(locale, 'mail.signature', { site: params.site }),
    });
  },
  rejected: (locale: Locale, to: string, params: Params & { reason: string }): MailMessage => {
    const t = (key: string) => translate(locale, `mail.ad_rejected.${key}`, { ...params });
    return composeMail(locale, to, {
      subject: t('subject'),
      greeting: translate(locale, 'mail.greeting', { name: params.name }),
      paragraphs: [t('body'), { quote: params.reason }, t('next')],
      action: { label: t('action'), url: params.url },
      signature: translate(locale, 'mail.signature', { site: params.site }),
    });
  },
};
