import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

export interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  /** Extra class for the content box (its width and layout). */
  className: string;
  /** False when nothing describes the dialog (Radix asks for an explicit opt-out). */
  described?: boolean;
  children: ReactNode;
}

/** A Radix dialog in the app's frame: overlay, centred content, a Close button; Escape and the overlay close it. */
export function ModalDialog({ open, onClose, className, described = true, children }: ModalDialogProps) {
  const describedBy = described ? {} : { 'aria-describedby': undefined };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={`dialog-content ${className}`} {...describedBy}>
          {children}
          <Dialog.Close className="icon-button dialog-close" aria-label="Close">
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
