import type { ReactNode } from 'react';

/**
 * The top-hiring-companies strip (spec §1 shows an image): generic company marks drawn as inline
 * SVG, so the page makes no image request and shows no real company's trademark.
 */
interface Company {
  name: string;
  tagline: string;
  color: string;
  mark: ReactNode;
}

const COMPANIES: readonly Company[] = [
  { name: 'Northwind', tagline: 'SYSTEMS', color: '#2563eb', mark: <path d="M4 30 18 6l14 24H4Z" /> },
  { name: 'Bluepeak', tagline: 'ANALYTICS', color: '#0891b2', mark: <path d="M2 30 12 14l6 8 6-14 10 22H2Z" /> },
  { name: 'Crestline', tagline: 'FINANCE', color: '#7c3aed', mark: <path d="M2 22c6-10 10-10 16 0s10 10 16 0v10H2V22Z" /> },
  { name: 'Orbital', tagline: 'LABS', color: '#db2777', mark: <><circle cx="18" cy="18" r="7" /><ellipse cx="18" cy="18" rx="16" ry="6" fill="none" strokeWidth="2.5" stroke="currentColor" /></> },
  { name: 'Greenfield', tagline: 'ENERGY', color: '#16a34a', mark: <path d="M6 30C6 14 16 5 32 4c0 16-9 26-26 26Zm0 0 14-14" /> },
  { name: 'Summit', tagline: 'HEALTH', color: '#dc2626', mark: <path d="M13 4h10v9h9v10h-9v9H13v-9H4V13h9V4Z" /> },
  { name: 'Atlas', tagline: 'MOTORS', color: '#ea580c', mark: <path d="m18 3 13 7.5v15L18 33 5 25.5v-15L18 3Z" /> },
  { name: 'Lumen', tagline: 'RETAIL', color: '#ca8a04', mark: <path d="M18 2 22 14l12 4-12 4-4 12-4-12-12-4 12-4 4-12Z" /> },
];

function CompanyLogo({ company }: { company: Company }) {
  return (
    <svg className="company-logo" viewBox="0 0 170 36" role="img" aria-label={`${company.name} ${company.tagline.toLowerCase()}`} style={{ color: company.color }}>
      <g fill="currentColor">{company.mark}</g>
      <text x="42" y="20" className="company-logo__name" fill="#1e293b">
        {company.name}
      </text>
      <text x="42" y="33" className="company-logo__tagline" fill="currentColor">
        {company.tagline}
      </text>
    </svg>
  );
}

export function CompanyLogos() {
  return (
    <ul className="company-logos">
      {COMPANIES.map((company) => (
        <li key={company.name}>
          <CompanyLogo company={company} />
        </li>
      ))}
    </ul>
  );
}
