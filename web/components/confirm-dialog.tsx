import { useTranslation } from '../lib/use-translation';
import { FormDialog } from './form-dialog';
import { dangerButton, secondaryButton } from './form-controls';

/** "Are you sure?" before something that cannot be undone (deleting a picture or an ad). */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  isOpen,
  onOpenChange,
  onConfirm,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog title={title} isOpen={isOpen} onOpenChange={onOpenChange} role="alertdialog">
      {(close) => (
        <>
          <p className="text-muted">{body}</p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButton} onClick={close} autoFocus>
              {t('edit_ad.cancel')}
            </button>
            <button
              type="button"
              className={dangerButton}
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </>
      )}
    </FormDialog>
  );
}
