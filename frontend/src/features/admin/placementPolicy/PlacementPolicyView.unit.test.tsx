import axe from 'axe-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp, signedIn } from '../../../test/render';
import { placementPolicyApi } from './api';
import { PlacementPolicyView, policyOfForm } from './PlacementPolicyView';

jest.mock('./api', () => ({ placementPolicyApi: { current: jest.fn(), whatIf: jest.fn(), publish: jest.fn() } }));
const current = placementPolicyApi.current as jest.Mock;
const whatIf = placementPolicyApi.whatIf as jest.Mock;
const publish = placementPolicyApi.publish as jest.Mock;

const DEFAULT = { version: 0, tiers: [{ name: 'Regular' }], maxAcceptedOffers: 1, openTiersAfterAcceptance: [], publishedBy: null, publishedAt: null };
const V1 = { ...DEFAULT, version: 1, tiers: [{ name: 'Regular' }, { name: 'Dream', minCtc: 1_000_000 }], maxAcceptedOffers: 2, publishedBy: 'admin-1', publishedAt: '2025-07-01T10:00:00.000Z' };
const CHANGE = {
  kind: 'application refused',
  studentId: 's1',
  studentName: 'Asha Rao',
  applicationId: 'a1',
  jobId: 'j1',
  companyName: 'Globex',
  jobTitle: 'Analyst',
  tier: 'Regular',
  at: '2025-07-03T10:00:00.000Z',
  reason: 'You hold an accepted Regular offer; only Dream jobs are open to you',
};

afterEach(() => {
  jest.resetAllMocks();
  jest.restoreAllMocks();
});

describe('PlacementPolicyView', () => {
  it('shows the default before any publish, runs What if? and shows the students and applications it would change, then publishes', async () => {
    current.mockResolvedValueOnce({ data: { current: DEFAULT, history: [] } }).mockResolvedValue({ data: { current: V1, history: [V1] } });
    whatIf.mockResolvedValue({ data: { changes: [CHANGE], students: [{ studentId: 's1', studentName: 'Asha Rao', changes: 1 }], applicationsRefused: 1, acceptancesRefused: 0 } });
    publish.mockResolvedValue({ data: { message: 'Placement policy version 1 published', version: 1 } });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithApp(<PlacementPolicyView />, { auth: signedIn('admin') });

    expect(await screen.findByText('In force: default')).toBeInTheDocument();
    const publishButton = screen.getByRole('button', { name: 'Publish' });
    expect(publishButton).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    const names = screen.getAllByLabelText('Name');
    fireEvent.change(names[1]!, { target: { value: 'Dream' } });
    fireEvent.change(screen.getAllByLabelText('Minimum CTC (₹ a year)')[1]!, { target: { value: '1000000' } });
    fireEvent.click(within(screen.getByRole('group', { name: 'Open after an accepted Regular offer' })).getByRole('checkbox', { name: 'Dream' }));
    fireEvent.click(screen.getByRole('button', { name: 'What if?' }));

    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
    expect(screen.getByText('1 student affected: 1 application and 0 acceptances would have been refused.')).toBeInTheDocument();
    expect(screen.getByText(CHANGE.reason)).toBeInTheDocument();
    expect(whatIf).toHaveBeenCalledWith({
      tiers: [{ name: 'Regular' }, { name: 'Dream', minCtc: '1000000' }],
      maxAcceptedOffers: '1',
      openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Dream'] }],
    });

    fireEvent.click(publishButton);
    expect(await screen.findByText('Placement policy version 1 published')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('In force: version 1')).toBeInTheDocument());
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of a proposed policy", async () => {
    current.mockResolvedValue({ data: { current: DEFAULT, history: [] } });
    whatIf.mockRejectedValue({ isAxiosError: true, response: { status: 400, data: { message: 'Tier names must be different' } } });
    renderWithApp(<PlacementPolicyView />, { auth: signedIn('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'What if?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tier names must be different');
  });

  it('drops rules for tiers that no longer exist', () => {
    expect(
      policyOfForm({ tiers: [{ name: 'Regular', minCtc: '' }], maxAcceptedOffers: '1', openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: ['Dream'] }, { heldTier: 'Dream', mayApplyTo: [] }] }),
    ).toEqual({ tiers: [{ name: 'Regular' }], maxAcceptedOffers: '1', openTiersAfterAcceptance: [{ heldTier: 'Regular', mayApplyTo: [] }] });
  });
});
