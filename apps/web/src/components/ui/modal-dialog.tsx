import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The first control inside the nearest of these elements still on the page, so the focus lands near where
 * it was, not on the body. Only a part of the page's content: when the whole page went (the dialog's work
 * navigated away), the new page's heading takes the focus instead (lib/page-focus.ts).
 */
function nearestFocusable(ancestors: readonly HTMLElement[]): HTMLElement | null {
  const place = ancestors.find((ancestor) => ancestor.isConnected);
  if (!place || place.tagName === 'MAIN' || !place.closest('main')) return null;
  return place.querySelector<HTMLElement>(FOCUSABLE);
}

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
 * Radix trigger, Radix alone would leave the focus on the page's body. When that button is gone (the dialog's
 * work removed its row), the first control in the nearest part of the page still there takes the focus.
 */
export function ModalDialog({ open, onClose, className, described = true, role = 'dialog', children }: ModalDialogProps) {
  const describedBy = described ? {} : { 'aria-describedby': undefined };
  const opener = useRef<HTMLElement | null>(null);
  /** The opener's ancestors, nearest first: where the focus goes when the dialog's work removed the opener (a row tagged and gone). */
  const openerPlace = useRef<HTMLElement[]>([]);
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openerPlace.current = [];
    for (let node = opener.current?.parentElement; node; node = node.parentElement) openerPlace.current.push(node);
  };
  const returnFocus = (event: Event) => {
    const target = opener.current?.isConnected ? opener.current : nearestFocusable(openerPlace.current);
    opener.current = null;
    openerPlace.current = [];
    if (!target) return;
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
