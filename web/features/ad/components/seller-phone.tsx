import { Phone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { secondaryButton } from '../../../components/form-controls';
import { useTranslation } from '../../../lib/use-translation';

/**
 * "Show number" on the seller card (issue 30, item 12): the number is not in the page; a press asks
 * the server for it (never given to robots, at most 20 an hour per visitor) and puts a call link in
 * the button's place, with the focus on it.
 */
export function SellerPhone({ uuid, sellerName }: { uuid: string; sellerName: string }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  // The call link takes the button's place, and the focus with it.
  useEffect(() => {
    if (phone) link.current?.focus();
  }, [phone]);

  async function reveal() {
    setBusy(true);
    try {
      // The API client loads on the press: it is not in the ad page's first-load JavaScript.
      const { api } = await import('../../../lib/api-client');
      const reply = await api.sellerPhone(uuid);
      setPhone(reply.data.phone);
    } catch {
      // The client has shown the server's message (too many, or no number any more).
    } finally {
      setBusy(false);
    }
  }

  if (phone) {
    return (
      <a ref={link} href={`tel:${phone}`} className={`${secondaryButton} mt-2 inline-flex items-center gap-2`}>
        <Phone aria-hidden size={16} />
        {t('ad.call', { phone })}
      </a>
    );
  }
  return (
    <button
      type="button"
      onClick={() => void reveal()}
      disabled={busy}
      aria-busy={busy}
      aria-label={t('ad.show_phone_of', { name: sellerName })}
      className={`${secondaryButton} mt-2 inline-flex items-center gap-2`}
    >
      <Phone aria-hidden size={16} />
      {t('ad.show_phone')}
    </button>
  );
}
