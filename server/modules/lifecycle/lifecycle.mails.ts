import { composeMail } from '../../platform/mail-layout.ts';
import { translate } from '../../platform/i18n.ts';
import type { Locale } from '../../../common/locales.ts';
import type { MailMessage } from '../../platform/mail.ts';

interface Params {
  name: string;
  site: string;
  title: string;
  /** The end, written for the reader (day and time in Finland). */
  date: string;
  /** The ad's page, where its owner renews it with one click. */
  url: string;
}

/** Three days before an ad ends its owner hears of it, with the way to renew it. */
export const lifecycleMails = {
  ending: (locale: Locale, to: string, params: Params): MailMessage => {
    const t = (key: string) => translate(locale, `mail.ad_ending.${key}`, { ...params });
    return composeMail(locale, to, {
      subject: t('subject'),
      greeting: translate(locale, 'mail.greeting', { name: params.name }),
      paragraphs: [t('body'), t('after')],
      action: { label: t('action'), url: params.url },
      signature: translate(locale, 'mail.signature', { site: params.site }),
    });
  },
};
