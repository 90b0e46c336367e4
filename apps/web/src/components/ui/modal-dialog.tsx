import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

export interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  /** Extra class for the content box (its width and layout). */
  className: string;
  /** False when nothing describes the dialog (Radix asks for an explicit opt-out). */
  described?: boolean;
  /** 'alertdialog' for a confirmation the user must answer (a destructive action); put the safe choice first, it takes the focus. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

/**
 * A Radix dialog in the app's frame: overlay, centred content, a Close button; Escape and the overlay close it.
 * Closed, it gives the focus back to what had it when it opened (the button that opened it): opened without a
 * Radix trigger, Radix alone would leave the focus on the page's body.
 */
export function ModalDialog({ open, onClose, className, described = true, role = 'dialog', children }: ModalDialogProps) {
  const describedBy = described ? {} : { 'aria-describedby': undefined };
  const opener = useRef<HTMLElement | null>(null);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = (event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog-content ${className}`}
          role={role}
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={returnFocus}
          {...describedBy}
        >
          {children}
          <Dialog.Close className="icon-button dialog-close" aria-label="Close">
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
