import { Check, Link2, Share } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/use-translation';

const buttonClass =
  'inline-flex h-10 items-center gap-1.5 rounded-lg border border-line bg-raised px-3 text-sm font-medium hover:border-brand focus-visible:outline-3 focus-visible:outline-focus';

/** How long "Link copied" stays. */
const COPIED_MS = 4000;

const noSubscription = () => () => {};
/** The browser's share sheet (Web Share API), where it has one; false on the server and while hydrating. */
const useCanShare = () =>
  useSyncExternalStore(
    noSubscription,
    () => typeof navigator !== 'undefined' && typeof navigator.share === 'function',
    () => false,
  );
/** True once scripts run: a button that needs them is never in the server's page. */
const useInBrowser = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** Copies through the Clipboard API; false where it is missing or refused (an insecure page, a denied permission). */
async function copied(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * "Copy link" and, where the browser has a share sheet, "Share", as items of a share list beside
 * the networks' links. Both appear once scripts run (feature-detected after hydration), so the
 * server's page never shows a button that does nothing. Where copying is refused, the link shows
 * in a field, selected, to copy by hand.
 */
export function ShareActions({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const id = useId();
  const inBrowser = useInBrowser();
  const canShare = useCanShare();
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const field = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!inBrowser) return null;

  async function copy() {
    clearTimeout(timer.current);
    if (await copied(url)) {
      setState('copied');
      // Back to the plain button, so a second copy is said again.
      timer.current = setTimeout(() => setState('idle'), COPIED_MS);
      return;
    }
    setState('manual');
    // After the field has rendered: selected, so one more press (or Ctrl+C) copies it.
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.select();
    });
  }

  return (
    <>
      <li className="flex items-center gap-2">
        <button type="button" onClick={() => void copy()} className={buttonClass}>
          {state === 'copied' ? <Check aria-hidden size={16} /> : <Link2 aria-hidden size={16} />}
          {t('share.copy_link')}
        </button>
        <span role="status" className="text-sm text-muted">
          {state === 'copied' ? t('share.copied') : ''}
        </span>
      </li>
      {canShare && (
        <li>
          <button
            type="button"
            onClick={() => {
              // Closing the sheet without choosing rejects: that is no error to tell about.
              navigator.share({ title, url }).catch(() => undefined);
            }}
            className={buttonClass}
          >
            <Share aria-hidden size={16} />
            {t('share.native')}
          </button>
        </li>
      )}
      {state === 'manual' && (
        <li className="w-full">
          <label htmlFor={`${id}-link`} className="mb-1 block text-sm text-muted">
            {t('share.copy_manually')}
          </label>
          <input
            ref={field}
            id={`${id}-link`}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 w-full rounded-lg border border-line bg-sunken px-3 text-sm"
          />
        </li>
      )}
    </>
  );
}
