import { Fragment } from 'react';
import { linkify } from '../../../../common/chat';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The host a link really leads to when its text shows another: a look-alike written in other
 * scripts (`аррӏе.com`, whose real name is `xn--80ak6aa92e.com`), or a name before an `@`
 * (`https://kauppis.fi@evil.example` leads to evil.example). Undefined when the text says it.
 */
export function hiddenHost(written: string, href: string): string | undefined {
  let host: string;
  try {
    host = new URL(href).host;
  } catch {
    return undefined;
  }
  const authority = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/?#]*)/i.exec(written)?.[1] ?? '';
  return authority.toLowerCase() === host ? undefined : host;
}

/**
 * A message's text as React text nodes, its web addresses as links that open in a new tab and
 * pass no referrer or ranking. Nothing in a message is ever HTML: the text is never parsed as markup.
 * A link whose text hides where it leads shows the real host beside it, as the browser names it.
 */
export function MessageText({ text, className = '' }: { text: string; className?: string }) {
  const { t } = useTranslation();
  if (!text) return null;
  return (
    <p className={`break-words whitespace-pre-wrap ${className}`}>
      {linkify(text).map((segment, index) => {
        if (segment.kind !== 'link') return <Fragment key={index}>{segment.text}</Fragment>;
        const host = hiddenHost(segment.text, segment.href);
        return (
          <Fragment key={index}>
            <a
              href={segment.href}
              target="_blank"
              rel="noopener noreferrer nofollow ugc"
              className="font-medium break-all underline underline-offset-2"
            >
              {segment.text}
            </a>
            {host && <span className="text-xs font-medium break-all"> ({t('messenger.link_host', { host })})</span>}
          </Fragment>
        );
      })}
    </p>
  );
}
