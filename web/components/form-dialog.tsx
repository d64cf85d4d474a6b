import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from '../lib/use-translation';
import { CloseButton } from './close-button';

/**
 * The modal frame of the account dialogs (react-aria: focus is trapped and returned, Escape and
 * a press outside close it). Controlled with isOpen, or left to a surrounding DialogTrigger.
 */
export function FormDialog({
  title,
  children,
  isOpen,
  onOpenChange,
  isDismissable = true,
  role = 'dialog',
  wide = false,
}: {
  title: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ModalOverlay
      {...(isOpen === undefined ? {} : { isOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
      isDismissable={isDismissable}
      className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-black/50 p-0 sm:items-center sm:p-4"
    >
      <Modal
        className={`flex max-h-dvh w-full flex-col overflow-hidden rounded-t-2xl border border-line bg-raised text-ink shadow-xl outline-none sm:rounded-2xl ${wide ? 'sm:max-w-xl' : 'sm:max-w-md'}`}
      >
        {/* The dialog itself scrolls, so a long one on a phone stays a dialog on screen (axe, screen readers). */}
        <Dialog role={role} className="min-h-0 overflow-y-auto p-5 outline-none sm:p-6">
          {({ close }) => (
            <>
              <div className="mb-4 flex items-start justify-between gap-3">
                <Heading slot="title" className="text-xl font-semibold">
                  {title}
                </Heading>
                <CloseButton onClose={close} label={t('dialog.close')} size={20} className="-mt-1 -mr-2 text-muted hover:text-ink" />
              </div>
              {typeof children === 'function' ? children(close) : children}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
