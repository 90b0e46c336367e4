import type { ReactNode } from 'react';

export interface FormAlertProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}

/** A message above or inside a form; errors are announced at once, the rest politely. */
export function FormAlert({ tone, children }: FormAlertProps) {
  return (
    <p className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
