import { useEffect, useId, useState } from 'react';
import { type PushState, pushState, turnPushOff, turnPushOn } from '../lib/push-device';
import { useTranslation } from '../lib/use-translation';

/**
 * "Push notifications on this device": on asks the browser's permission and subscribes this device,
 * off forgets it. No form field: it acts at once, beside whatever form it sits in.
 */
export function PushToggle() {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    pushState()
      .then((found) => live && setState(found))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  if (state === 'unsupported') return <p className="text-sm text-muted">{t('push.toggle.unsupported')}</p>;

  async function toggle(on: boolean) {
    setBusy(true);
    setFailed(false);
    try {
      setState(on ? await turnPushOn() : await turnPushOff());
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={state === 'on'}
          disabled={busy || state === 'loading' || state === 'denied'}
          aria-describedby={`${id}-hint`}
          onChange={(event) => void toggle(event.currentTarget.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--brand)]"
        />
        <label htmlFor={id} className="text-sm">
          {t('push.toggle.label')}
        </label>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {state === 'denied' ? t('push.toggle.denied') : t('push.toggle.hint')}
      </p>
      {failed && (
        <p role="alert" className="mt-1 text-sm text-danger">
          {t('push.toggle.failed')}
        </p>
      )}
    </div>
  );
}
