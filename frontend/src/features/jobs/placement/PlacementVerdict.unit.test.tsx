import { render, screen } from '@testing-library/react';
import { DEFAULT_PLACEMENT_POLICY } from '@placement/domain';
import { listedJob } from '../../../test/jobFixtures';
import { JobCard } from '../components/JobCard';
import { PlacementVerdict, placementRefusalFor } from './PlacementVerdict';

const DREAM = {
  version: 1,
  tiers: [{ name: 'Regular' }, { name: 'Dream', minCtc: 1_000_000 }],
  maxAcceptedOffers: 2,
  openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Dream'] }],
};
const holdingRegular = { policy: DREAM, held: [{ applicationId: 'a1', tier: 'Regular' }] };

describe('the placement verdict on a job', () => {
  it("names the policy's rule for a job of a closed tier, by its CTC or its marking", () => {
    expect(placementRefusalFor(holdingRegular, { ctcOrStipend: '6 LPA' })).toBe('You hold an accepted Regular offer; only Dream jobs are open to you');
    expect(placementRefusalFor(holdingRegular, { ctcOrStipend: '12 LPA' })).toBeNull();
    expect(placementRefusalFor(holdingRegular, { ctcOrStipend: '6 LPA', tier: 'Dream' })).toBeNull();
  });

  it('says nothing to a student without offers, or before the placement is read', () => {
    expect(placementRefusalFor({ policy: DEFAULT_PLACEMENT_POLICY, held: [] }, { ctcOrStipend: '6 LPA' })).toBeNull();
    const { container } = render(<PlacementVerdict placement={null} job={{ ctcOrStipend: '6 LPA' }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the badge and the rule', () => {
    render(<PlacementVerdict placement={holdingRegular} job={{ ctcOrStipend: '6 LPA' }} />);
    expect(screen.getByText('Closed by the placement policy')).toBeInTheDocument();
    expect(screen.getByText('You hold an accepted Regular offer; only Dream jobs are open to you')).toBeInTheDocument();
  });

  it("shows on a card, whose verdict is a chunk loaded only for a student holding offers", async () => {
    const job = listedJob({ _id: 'job-1', profiles: 'Data Analyst', companyName: 'Acme', ctcOrStipend: '6 LPA' });
    const { rerender } = render(<JobCard job={job} onView={() => undefined} placement={{ policy: DEFAULT_PLACEMENT_POLICY, held: [] }} />);
    expect(screen.queryByText('Closed by the placement policy')).not.toBeInTheDocument();
    rerender(<JobCard job={job} onView={() => undefined} placement={holdingRegular} />);
    expect(await screen.findByText('Closed by the placement policy')).toBeInTheDocument();
    expect(screen.getByText('You hold an accepted Regular offer; only Dream jobs are open to you')).toBeInTheDocument();
  });
});
