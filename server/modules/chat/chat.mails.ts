import type { Locale } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { composeMail } from '../../platform/mail-layout.ts';

interface UnreadParams {
  name: string;
  sender: string;
  title: string;
  count: number;
  site: string;
  url: string;
  settingsUrl: string;
}

/** One mail per room when messages wait unread; it never quotes them (the mail may be read by others). */
export const chatMails = {
  unread: (locale: Locale, to: string, params: UnreadParams): MailMessage => {
    const t = (key: string) => translate(locale, `mail.chat_unread.${key}`, { ...params });
    return composeMail(locale, to, {
      subject: t('subject'),
      greeting: translate(locale, 'mail.greeting', { name: params.name }),
      paragraphs: [t('body')],
      action: { label: t('action'), url: params.url },
      closing: t('settings'),
      signature: translate(locale, 'mail.signature', { site: params.site }),
    });
  },
};
