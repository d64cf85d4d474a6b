import { ArrowLeft } from 'lucide-react';
import { useRef, useState, useSyncExternalStore } from 'react';
import { CONTINUE_WRITING, clearDraft, loadDraft, saveDraft } from '../first-message-draft';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { IdentityBadge } from '../../../components/identity-badge';
import { FormAlert } from '../../../components/form-controls';
import { ApiError, api } from '../../../lib/api-client';
import { refusal } from '../refusal';
import { useTranslation } from '../../../lib/use-translation';
import type { ProductRoomReply } from '../chat-types';
import { newClientId } from '../client-id';
import { AdPreview } from './ad-preview';
import { Composer } from './composer';
import { FirstMessageSafetyTip } from './message-safety-tip';

const subscribeNothing = () => () => {};

/**
 * Writing to a seller for the first time: the ad on top, then the message box. The first message
 * creates the conversation, and the page becomes it. A failed send keeps the text; sending the
 * same text again reuses its client id, so a message that did arrive is never stored twice.
 */
export function FirstMessage({ reply, verified = true }: { reply: ProductRoomReply; verified?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const attempt = useRef<{ text: string; clientId: string } | null>(null);
  const { product, seller } = reply;
  // What was typed survives a trip through the log-in page (an expired session) and a reload. It is
  // read after hydration (the server cannot see this tab's storage), and the box starts again with it.
  const [stored] = useState(() => (typeof window === 'undefined' ? null : loadDraft(product.uuid)));
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const draft = hydrated ? stored : null;

  function send(text: string): false {
    if (attempt.current?.text !== text) attempt.current = { text, clientId: newClientId() };
    const { clientId } = attempt.current;
    setBusy(true);
    setFailure(undefined);
    api.sendProductMessage(product.uuid!, { text, client_id: clientId }).then(
      (answer) => {
        clearDraft(product.uuid);
        // The conversation page takes over with the person still writing: its box gets the focus.
        void navigate(`/channel/${answer.room_id}`, { replace: true, state: { [CONTINUE_WRITING]: true } });
      },
      (error: Error) => {
        setBusy(false);
        // The session ended while writing: log in and come back; the draft waits in this tab.
        if (error instanceof ApiError && error.status === 401) {
          void navigate(`/login?redirectTo=${encodeURIComponent(`/channel/product/${product.uuid}`)}`);
          return;
        }
        setFailure(refusal(error));
      },
    );
    // The text stays in the box until the conversation page takes over.
    return false;
  }

  return (
    <section
      aria-labelledby="first-message-title"
      className="-mx-4 -my-6 flex min-h-[calc(100dvh-3.5rem)] flex-col bg-surface sm:mx-auto sm:my-0 sm:min-h-0 sm:max-w-3xl sm:overflow-hidden sm:rounded-2xl sm:border sm:border-line"
    >
      <header className="border-b border-line bg-raised">
        <div className="flex items-center gap-2 px-2 py-2">
          <Link
            to={product.uuid ? `/${product.uuid}` : '/'}
            aria-label={t('chat.back_to_ad')}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-sunken"
          >
            <ArrowLeft aria-hidden size={22} />
          </Link>
          <Avatar user={{ name: seller.label, avatar: seller.avatar }} size={36} />
          <div className="min-w-0 flex-1">
            <div className="flex min-w-0 items-center gap-1.5">
              <h1 id="first-message-title" className="truncate font-semibold">
                {t('chat.write_to', { name: seller.label })}
              </h1>
              {seller.identity_verified && <IdentityBadge compact />}
            </div>
            <p className="truncate text-xs text-muted">{t('chat.other_role.buyer')}</p>
          </div>
        </div>
      </header>
      <div className="flex-1 space-y-4 p-4">
        <AdPreview product={product} size={72} wrapTitle className="rounded-xl border border-line bg-raised p-3" />
        <p className="text-sm text-muted">{t('chat.first_message_hint', { name: seller.label })}</p>
        <FirstMessageSafetyTip />
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
      </div>
      {!verified ? (
        <p className="border-t border-line bg-raised p-4 text-center text-sm">{t('chat.verify_first')}</p>
      ) : product.status === 'active' && !seller.deleted ? (
        <Composer
          onSend={send}
          busy={busy}
          autoFocus
          label={t('chat.message_to', { name: seller.label })}
          key={draft === null ? 'default' : 'draft'}
          initialText={draft ?? t('chat.first_message_default')}
          onTextChange={(text) => saveDraft(product.uuid, text)}
        />
      ) : (
        <p className="border-t border-line bg-raised p-4 text-center text-sm">{t('chat.ad_not_available')}</p>
      )}
    </section>
  );
}
