import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { useStore } from '../lib/store';
import { type Toast, type ToastPosition, dismissToast, toastStore } from '../lib/toasts';

const ICONS = { success: CheckCircle2, error: XCircle, warning: AlertTriangle, info: Info } as const;
const ICON_COLOURS = { success: 'text-success', error: 'text-danger', warning: 'text-warning', info: 'text-brand' } as const;
const POSITIONS: Record<ToastPosition, string> = {
  top: 'top-16 left-1/2 -translate-x-1/2 items-center',
  'top-end': 'top-16 right-4 items-end',
  bottom: 'bottom-4 left-1/2 -translate-x-1/2 items-center',
  'bottom-end': 'bottom-4 right-4 items-end',
};

function ToastCard({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const Icon = ICONS[toast.icon];
  return (
    <div
      role={toast.icon === 'error' ? 'alert' : 'status'}
      className="pointer-events-auto flex w-[min(24rem,calc(100vw-2rem))] items-start gap-3 rounded-xl border border-line bg-raised p-3 shadow-lg"
    >
      <Icon aria-hidden size={20} className={`mt-0.5 shrink-0 ${ICON_COLOURS[toast.icon]}`} />
      <p className="flex-1 text-sm">{toast.message}</p>
      {toast.button && (
        <button
          type="button"
          className="rounded px-2 py-1 text-sm font-semibold text-brand hover:bg-sunken"
          onClick={() => {
            toast.button?.onPress();
            dismissToast(toast.id);
          }}
        >
          {toast.button.label}
        </button>
      )}
      <button
        type="button"
        aria-label={t('toast.close')}
        onClick={() => dismissToast(toast.id)}
        className="rounded p-1 text-muted hover:bg-sunken"
      >
        <X aria-hidden size={16} />
      </button>
    </div>
  );
}

/** Shows the global toasts, grouped by their position. */
export function ToastHost() {
  const { t } = useTranslation();
  const toasts = useStore(toastStore);
  const positions = Object.keys(POSITIONS) as ToastPosition[];
  return (
    // Above any dialog: react-aria hides everything outside an open dialog from assistive technology, and a
    // toast raised as a dialog closes (a staff decision saved) must still be announced and reachable.
    <div aria-label={t('toast.region')} role="region" data-react-aria-top-layer="true">
      {positions.map((position) => {
        const here = toasts.filter((toast) => toast.position === position);
        if (here.length === 0) return null;
        return (
          <div key={position} className={`pointer-events-none fixed z-50 flex flex-col gap-2 ${POSITIONS[position]}`}>
            {here.map((toast) => (
              <ToastCard key={toast.id} toast={toast} />
            ))}
          </div>
        );
      })}
    </div>
  );
}
