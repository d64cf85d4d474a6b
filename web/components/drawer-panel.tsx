import type { ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';

const PANEL_SIDE = {
  left: 'fixed inset-y-0 left-0 w-80 max-w-[85vw] overflow-y-auto border-r border-line bg-raised shadow-xl outline-none',
  bottom: 'fixed inset-x-0 bottom-0 flex max-h-[92dvh] flex-col rounded-t-2xl border-t border-line bg-raised shadow-xl outline-none',
  /** From the bottom on a phone; on a wider screen a panel of reading width at the right edge, full height. */
  sheet:
    'fixed inset-x-0 bottom-0 flex max-h-[92dvh] flex-col rounded-t-2xl border-t border-line bg-raised shadow-xl outline-none sm:inset-y-0 sm:left-auto sm:right-0 sm:max-h-none sm:w-[28rem] sm:max-w-[90vw] sm:rounded-tr-none sm:rounded-bl-2xl sm:border-t-0 sm:border-l',
} as const;

/**
 * A panel that slides over the page from an edge, as a modal dialog (focus kept inside, Escape and
 * a tap outside close it): the menu drawer from the left, the search filters from the bottom on a phone
 * and from the right on a wider screen.
 */
export function DrawerPanel({
  isOpen,
  onOpenChange,
  side,
  label,
  className,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  side: keyof typeof PANEL_SIDE;
  label: string;
  /** The dialog's own layout inside the panel. */
  className: string;
  children: ReactNode;
}) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="fixed inset-0 z-40 bg-black/40">
      <Modal className={PANEL_SIDE[side]}>
        <Dialog aria-label={label} className={`${className} outline-none`}>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
