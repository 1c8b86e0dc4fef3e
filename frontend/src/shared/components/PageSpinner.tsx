import { ProgressSpinner } from 'primereact/progressspinner';

/** The spinner a screen shows while its code or data loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <ProgressSpinner aria-label={label} style={{ width: '3rem', height: '3rem' }} strokeWidth="4" />
    </div>
  );
}
