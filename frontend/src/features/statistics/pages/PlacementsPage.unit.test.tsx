import { screen } from '@testing-library/react';
import type { PlacementHeadline } from '@placement/domain';
import { renderWithApp } from '../../../test/render';
import { placementsApi } from '../api';
import PlacementsPage from './PlacementsPage';

jest.mock('../api', () => ({ placementsApi: { headline: jest.fn() } }));

const api = placementsApi as unknown as { headline: jest.Mock };
const card = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => api.headline.mockReset());

describe('Placements (public page)', () => {
  it("shows the season's headline figures to a visitor", async () => {
    const headline: PlacementHeadline = { asOf: null, placedStudents: 120, placementRate: 64.2, highestCtc: 2_400_000, medianCtc: 650_000, companies: 38 };
    api.headline.mockResolvedValue({ data: headline });
    renderWithApp(<PlacementsPage />);
    expect(await screen.findByText('Students placed')).toBeInTheDocument();
    expect(card('Students placed')).toBe('120');
    expect(card('Placement rate')).toBe('64.2%');
    expect(card('Highest CTC')).toBe('24.0 LPA');
    expect(card('Median CTC')).toBe('6.5 LPA');
    expect(card('Companies')).toBe('38');
  });

  it('says so when the figures cannot be loaded', async () => {
    api.headline.mockRejectedValue(new Error('down'));
    renderWithApp(<PlacementsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The placement figures could not be loaded. Please try again later.');
  });
});
