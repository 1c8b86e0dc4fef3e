/** Spec §1: the six features of the landing page. */
export const FEATURES = [
  { icon: 'pi-briefcase', title: 'Exclusive Job Listings', text: 'Full-time roles, internships and apprenticeships approved by the placement cell, from companies that recruit on campus.' },
  { icon: 'pi-sparkles', title: 'AI Resume Review', text: 'See how your resume reads to automated screening, with a score, missing keywords and prioritised fixes.' },
  { icon: 'pi-send', title: 'One-Click Applications', text: 'Apply with your saved profile and resume in a few clicks, and never apply to the same job twice by mistake.' },
  { icon: 'pi-comments', title: 'Interview Insights', text: 'Read how seniors’ interviews went, round by round, company by company, and share your own.' },
  { icon: 'pi-calendar', title: 'Training & Events', text: 'Register for the centre’s workshops, mock interviews and talks, with the next ones always on your dashboard.' },
  { icon: 'pi-chart-line', title: 'Internship & Placement Tracking', text: 'Follow each application from submission to offer, with an e-mail whenever its status changes.' },
] as const;

export function FeatureGrid() {
  return (
    <ul className="feature-grid">
      {FEATURES.map((feature) => (
        <li key={feature.title} className="feature-card">
          <span className="feature-card__icon" aria-hidden="true">
            <i className={`pi ${feature.icon}`} />
          </span>
          <h3 className="feature-card__title">{feature.title}</h3>
          <p className="feature-card__text">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
