/** The portal's mark: a graduation cap over a briefcase line, drawn inline (no image request). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="var(--brand-600)" />
      <path d="M20 9 6 15.5 20 22l14-6.5L20 9Z" fill="#fff" />
      <path d="M12 19.5v5.2c0 2 3.6 4.3 8 4.3s8-2.3 8-4.3v-5.2L20 23.2l-8-3.7Z" fill="#c7d2fe" />
      <path d="M32 16.5v7" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="32" cy="25" r="1.6" fill="#fff" />
    </svg>
  );
}

export const PORTAL_NAME = 'CDC Placement Portal';
