import type { ReactNode } from 'react';

/** A read-only admin table: fixed column headers, an optional caption for screen readers, and the caller's rows. */
export function DataTable({ headers, caption, className, children }: { headers: readonly string[]; caption?: string; className?: string; children: ReactNode }) {
  return (
    <table className={className ? `admin-table ${className}` : 'admin-table'}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
