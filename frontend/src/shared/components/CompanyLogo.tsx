import { useState } from 'react';

/** The company's logo, or its initial when there is none or it fails to load. */
export function CompanyLogo({ src, company, size = 48 }: { src?: string | null; company: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (!src || failed) {
    return (
      <span className="company-logo company-logo--initial" style={style} aria-hidden="true">
        {(company.trim()[0] ?? '?').toUpperCase()}
      </span>
    );
  }
  return <img className="company-logo" style={style} src={src} alt={`${company} logo`} loading="lazy" onError={() => setFailed(true)} />;
}
