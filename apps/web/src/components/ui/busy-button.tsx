import type { ComponentProps, ReactNode } from 'react';
import { useKeepFocusWhileBusy } from '@/lib/use-keep-focus-while-busy';

export interface BusyButtonProps extends ComponentProps<'button'> {
  /** True while the button's own action is on its way: the button is disabled and marked aria-busy. */
  busy: boolean;
  /** What the button says while busy (e.g. "Saving..."); its children when not given. */
  busyText?: ReactNode;
}

/**
 * A button with a pending state: disabled while busy (so the action is not sent twice), aria-busy, and
 * its busy text in place of its label. `disabled` adds other reasons to refuse (a sibling action busy,
 * an invalid link); `type` defaults to "button" so only a form's own submit says "submit". Disabling the
 * focused button drops the keyboard focus to the page, so the focus is given back when the work is done.
 */
export function BusyButton({ busy, busyText, disabled, type = 'button', children, ...props }: BusyButtonProps) {
  useKeepFocusWhileBusy(busy);
  return (
    <button {...props} type={type} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && busyText !== undefined ? busyText : children}
    </button>
  );
}
