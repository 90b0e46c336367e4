import type { ReactNode } from 'react';
import { siteConfig } from '@/config/site';

export interface PageProps {
  /** The visible h1, also used for the document title. */
  title: string;
  /** A short line under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A page inside the app shell: document title, one h1, content. */
export function Page({ title, lead, children, className }: PageProps) {
  return (
    <div className={className ? `page container ${className}` : 'page container'}>
      <title>{`${title} · ${siteConfig.name}`}</title>
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {lead ? <p className="page__lead">{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}
