import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import AboutPage from './AboutPage';

describe('AboutPage (spec §1)', () => {
  it('has the mission, the feature list, developer cards and a support section', () => {
    renderWithApp(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Our mission is/)).toBeInTheDocument();

    const features = screen.getByRole('region', { name: 'What the portal offers' });
    expect(within(features).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Job listings and applications',
      'Application tracking',
      'Events of the centre',
      'Resume insights',
    ]);

    const team = screen.getByRole('region', { name: 'Meet the developers' });
    expect(within(team).getAllByRole('listitem')).toHaveLength(4);

    const support = screen.getByRole('region', { name: 'Project support and contact' });
    expect(within(support).getByRole('link', { name: /E-mail the centre/ })).toHaveAttribute('href', 'mailto:placements@university.edu');
  });
});
