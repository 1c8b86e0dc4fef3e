import type { ReactNode } from 'react';

/** The title block of a standalone (non-sidebar) screen. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {subtitle && <p className="page-header__subtitle">{subtitle}</p>}
      {children}
    </header>
  );
}
