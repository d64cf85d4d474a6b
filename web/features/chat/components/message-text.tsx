import { Fragment } from 'react';
import { linkify } from '../../../../common/chat';

/**
 * A message's text as React text nodes, its web addresses as links that open in a new tab and
 * pass no referrer or ranking. Nothing in a message is ever HTML: the text is never parsed as markup.
 */
export function MessageText({ text, className = '' }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <p className={`break-words whitespace-pre-wrap ${className}`}>
      {linkify(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="font-medium break-all underline underline-offset-2"
          >
            {segment.text}
          </a>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </p>
  );
}
