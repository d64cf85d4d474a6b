import { useRef } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { dangerButton, primaryButton, secondaryButton } from '../../../components/form-controls';
import type { DialogProps } from '../../../lib/dialogs';

/** A yes-or-no question opened with `openDialog`: `onConfirm` on yes, `onCancel` on anything else (no, Escape, close). */
export function ChoiceDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  onCancel,
  close,
  isOpen = true,
}: DialogProps & {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
  isOpen?: boolean;
}) {
  const answered = useRef(false);
  const answer = (confirmed: boolean) => {
    if (answered.current) return;
    answered.current = true;
    if (confirmed) onConfirm();
    else onCancel?.();
    close();
  };
  return (
    <FormDialog title={title} isOpen={isOpen} onOpenChange={(open) => !open && answer(false)} role="alertdialog">
      <p className="text-muted">{body}</p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={secondaryButton} onClick={() => answer(false)} autoFocus>
          {cancelLabel}
        </button>
        <button type="button" className={danger ? dangerButton : primaryButton} onClick={() => answer(true)}>
          {confirmLabel}
        </button>
      </div>
    </FormDialog>
  );
}
