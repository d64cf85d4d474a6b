import { AlertCircle, Check, CheckCheck, Clock, RotateCw, Trash2 } from 'lucide-react';
import type { ChatMessage } from '../../../../common/chat';
import type { SafetyKind } from '../../../../common/safety';
import { MessageSafetyTip } from './message-safety-tip';
import { formatTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import type { Delivery } from '../conversation-state';
import { MessageText } from './message-text';

export interface BubbleContent {
  text: string;
  /** A stored picture, or the preview of one being sent (width and height unknown then). */
  picture: { url: string; width?: number; height?: number } | null;
  created_at: string;
  /** What the scam guard found in a stored message: its reader sees a safety tip under it. */
  safety?: readonly SafetyKind[] | undefined;
  /** The sender deleted their account and its retention removed the text: "message removed". */
  removed?: boolean | undefined;
}

function DeliveryMark({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  const Icon = { sending: Clock, sent: Check, read: CheckCheck, failed: AlertCircle }[delivery];
  return (
    <span className={`inline-flex items-center gap-1 ${delivery === 'failed' ? 'font-semibold text-danger' : ''}`}>
      <Icon aria-hidden size={14} className={delivery === 'read' ? 'text-brand' : undefined} />
      <span className={delivery === 'failed' ? undefined : 'sr-only'}>{t(`chat.delivery.${delivery}`)}</span>
    </span>
  );
}

/**
 * One message: mine on the right in the brand tint with how far it got (sending, sent, read, or
 * failed with a retry), the other person's on the left, with a safety tip under it when it moves the
 * deal off the site. Screen readers hear who wrote it and when.
 */
export function MessageBubble({
  message,
  mine,
  author,
  delivery,
  onRetry,
  onDiscard,
}: {
  message: BubbleContent;
  mine: boolean;
  /** Who wrote it, for screen readers ("You" for mine). */
  author: string;
  delivery?: Delivery | undefined;
  onRetry?: (() => void) | undefined;
  onDiscard?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const time = formatTime(message.created_at, i18n.language);
  const { picture } = message;
  return (
    <div className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${
          mine ? 'rounded-br-md bg-brand text-brand-ink' : 'rounded-bl-md border border-line bg-raised text-ink'
        } ${delivery === 'failed' ? 'opacity-80' : ''}`}
      >
        <span className="sr-only">{author}: </span>
        {picture && (
          <a
            href={picture.url}
            target="_blank"
            rel="noopener noreferrer"
            className="my-1 block overflow-hidden rounded-lg"
            aria-label={t('chat.open_picture')}
          >
            <img
              src={picture.url}
              alt={t('chat.picture_alt', { name: author })}
              loading="lazy"
              decoding="async"
              width={picture.width}
              height={picture.height}
              className="h-auto max-h-80 w-full max-w-60 bg-sunken object-cover"
              style={picture.width && picture.height ? { aspectRatio: `${picture.width} / ${picture.height}` } : undefined}
            />
          </a>
        )}
        {message.removed ? <p className="italic opacity-80">{t('chat.removed')}</p> : <MessageText text={message.text} />}
      </div>
      <p className="mt-0.5 flex items-center gap-2 px-1 text-xs text-muted">
        <time dateTime={message.created_at}>{time}</time>
        {mine && delivery && <DeliveryMark delivery={delivery} />}
      </p>
      {!mine && message.safety && message.safety.length > 0 && (
        <MessageSafetyTip kinds={message.safety} className="mt-1 max-w-[85%] sm:max-w-[70%]" />
      )}
      {delivery === 'failed' && (onRetry || onDiscard) && (
        <div className="mt-1 flex gap-2">
          {onRetry && (
            <button
              type="button"
              onClick={onRetry}
              className="inline-flex h-9 items-center gap-1.5 rounded-full border border-line bg-raised px-3 text-sm font-semibold text-ink hover:border-brand"
            >
              <RotateCw aria-hidden size={14} />
              {t('chat.retry')}
            </button>
          )}
          {onDiscard && (
            <button
              type="button"
              onClick={onDiscard}
              aria-label={t('chat.discard_label')}
              className="inline-flex h-9 items-center gap-1.5 rounded-full border border-line bg-raised px-3 text-sm text-muted hover:border-danger hover:text-danger"
            >
              <Trash2 aria-hidden size={14} />
              {t('chat.discard')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The stored message's content for a bubble. */
export function storedContent(message: ChatMessage): BubbleContent {
  return { text: message.text, picture: message.picture, created_at: message.created_at, safety: message.safety, removed: message.removed };
}
