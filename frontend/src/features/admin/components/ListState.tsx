import type { ReactNode } from 'react';

/** A loading line, announced politely (role="status"). */
export function LoadingMessage({ children }: { children: ReactNode }) {
  return (
    <p className="admin-loading" role="status">
      {children}
    </p>
  );
}

/** A list's states in order: the loading line while `loading`, else the empty line while `empty`, else the list itself. */
export function ListState({ loading, loadingText, empty, emptyText, children }: { loading: boolean; loadingText: string; empty: boolean; emptyText: string; children: ReactNode }) {
  if (loading) return <LoadingMessage>{loadingText}</LoadingMessage>;
  if (empty) return <p className="admin-empty">{emptyText}</p>;
  return <>{children}</>;
}
