import type { ReactNode } from 'react';

export interface PlaceholderPanelProps {
  heading: string;
  children: ReactNode;
}

/** Marks where a later feature will render its content. */
export function PlaceholderPanel({ heading, children }: PlaceholderPanelProps) {
  return (
    <section className="placeholder-panel" aria-label={heading}>
      <h2 className="placeholder-panel__heading">{heading}</h2>
      <p className="placeholder-panel__text">{children}</p>
    </section>
  );
}
