import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Where the focus goes when the opener is gone: the first control, else the heading, of the nearest part
 * of the page that is still there (a row tagged and gone: the rest of its table, or its section's heading),
 * so it lands near where it was, not on the body. Nothing when the whole page went (the dialog's work
 * navigated away): the new page's heading takes the focus then (lib/page-focus.ts).
 */
function nearestFocusable(ancestors: readonly HTMLElement[]): HTMLElement | null {
  const places = ancestors.filter((ancestor) => ancestor.isConnected && ancestor.tagName !== 'MAIN' && ancestor.closest('main') !== null);
  for (const place of places) {
    const control = place.querySelector<HTMLElement>(FOCUSABLE);
    if (control) return control;
    const heading = place.querySelector<HTMLElement>('h2, h3');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      return heading;
    }
  }
  return null;
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
