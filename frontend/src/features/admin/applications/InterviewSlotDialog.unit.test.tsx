import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, signedIn, findOpenedDialog } from '../../../test/render';
import { resumeChecksApi } from '../resumeChecks/api';
import { adminApplicationsApi } from './api';
import { ApplicationReview } from './ApplicationReview';
import { startOf } from './InterviewSlotDialog';

jest.mock('./api', () => ({
  adminApplicationsApi: Object.fromEntries(
    ['listJobs', 'listApplications', 'changeStatus', 'remove', 'bulkStatus', 'bulkDelete', 'checkResume', 'downloadResume'].map((name) => [name, jest.fn()]),
  ),
}));
jest.mock('../resumeChecks/api', () => ({ resumeChecksApi: { studentHistory: jest.fn() } }));
jest.mock('primereact/chart', () => ({ Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));
const api = adminApplicationsApi as unknown as Record<keyof typeof adminApplicationsApi, jest.Mock>;

const JOB = { profiles: 'Frontend Engineer', companyName: 'Acme', ctcOrStipend: '12 LPA', location: 'Pune', offerType: ['Full time Employment'] };
const application = (id: string, name: string, appliedDate: string, extra: object = {}) => ({
  _id: id,
  status: 'Applied',
  appliedDate,
  fullName: name,
  email: `${id}@university.edu`,
  phone: '9876543210',
  resume: null,
  userId: null,
  jobId: { _id: 'j1', ...JOB },
  ...extra,
});
const SLOT = { startsAt: '2031-03-18T05:00:00.000Z', durationMinutes: 45, location: 'Room 101', scheduledAt: '2031-03-01T00:00:00.000Z' };
const APPLICATIONS = [
  application('a1', 'Asha Verma', '2026-03-03T10:00:00.000Z'),
  application('a2', 'Ravi Kumar', '2026-03-02T10:00:00.000Z', { status: 'Scheduled', interview: SLOT }),
  application('a3', 'Meera Iyer', '2026-03-01T10:00:00.000Z'),
];

beforeEach(() => {
  api.listJobs.mockResolvedValue({ data: [{ _id: 'j1', ...JOB, applicationCount: 3 }] });
  api.listApplications.mockResolvedValue({ data: APPLICATIONS });
  (resumeChecksApi.studentHistory as jest.Mock).mockResolvedValue({ data: { analyses: [] } });
});
afterEach(() => Object.values(api).forEach((mock) => mock.mockReset()));

async function openJob() {
  renderWithApp(<ApplicationReview />, { auth: signedIn('admin'), withSagas: true });
  await userEvent.click(await screen.findByRole('button', { name: 'View Applications for Frontend Engineer at Acme' }));
  await screen.findByText('Asha Verma');
}

async function fillSlot(dialog: HTMLElement, { date = '2031-03-18', time = '10:30', minutes = '20', place = '', link = '' } = {}) {
  const field = (name: string) => within(dialog).getByLabelText(name);
  if (date) await userEvent.type(field('Date'), date);
  if (time) await userEvent.type(field('Time'), time);
  await userEvent.clear(field('Duration (min)'));
  if (minutes) await userEvent.type(field('Duration (min)'), minutes);
  if (place) await userEvent.type(field('Place'), place);
  if (link) await userEvent.type(field('Meeting link'), link);
}

describe('Scheduling an interview from the application review', () => {
  it('reads the local date and time as an instant', () => {
    expect(startOf('2031-03-18', '10:30')).toBe(new Date('2031-03-18T10:30').toISOString());
    expect(startOf('', '10:30')).toBe('');
  });

  it('asks for the slot when Scheduled is chosen in the details, says what is missing, and sends it', async () => {
    api.changeStatus.mockResolvedValue({ data: { _id: 'a1', status: 'Scheduled' } });
    await openJob();
    await userEvent.click(screen.getByRole('button', { name: 'View Asha Verma' }));
    const details = await findOpenedDialog('Application Details');
    await userEvent.click(within(details).getByRole('button', { name: 'Scheduled' }));
    const dialog = await findOpenedDialog('Schedule interview');
    expect(within(dialog).getByText('The applicant gets this slot by e-mail, with a calendar invitation.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Scheduled' }));
    expect(within(dialog).getByText('Please enter the interview date and time.')).toBeInTheDocument();
    expect(api.changeStatus).not.toHaveBeenCalled();

    await fillSlot(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Scheduled' }));
    expect(within(dialog).getByText('Please enter a place or a meeting link for the interview.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Meeting link'), 'meet.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Scheduled' }));
    expect(within(dialog).getByText('Meeting link must be a web address starting with http:// or https://')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Meeting link'));
    await userEvent.type(within(dialog).getByLabelText('Meeting link'), 'https://meet.example/acme');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Scheduled' }));

    expect(await screen.findByText('Status updated to Scheduled. Email sent to applicant')).toBeInTheDocument();
    expect(api.changeStatus).toHaveBeenCalledWith('a1', 'Scheduled', { startsAt: new Date('2031-03-18T10:30').toISOString(), durationMinutes: 20, meetingLink: 'https://meet.example/acme' });
  });

  it('shows a scheduled application its slot, and lets it be scheduled again with another', async () => {
    await openJob();
    await userEvent.click(screen.getByRole('button', { name: 'View Ravi Kumar' }));
    const details = await findOpenedDialog('Application Details');
    const interview = within(details).getByText('Interview', { selector: 'dt' }).nextElementSibling!;
    expect(interview.textContent).toContain('45 min');
    expect(interview.textContent).toContain('Room 101');
    expect(within(details).getByRole('button', { name: 'Scheduled' })).toBeEnabled();
  });

  it('asks bulk Scheduled for the first slot and sends the selection in the order of the table', async () => {
    api.bulkStatus.mockResolvedValue({ data: { results: [{ id: 'a3', ok: true }, { id: 'a1', ok: true }] } });
    await openJob();
    // Oldest first: Meera, then Asha.
    await userEvent.click(screen.getByRole('button', { name: /Applied Date/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Asha Verma' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Meera Iyer' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await userEvent.selectOptions(within(bar).getByRole('combobox', { name: 'Select Status' }), 'Scheduled');
    await userEvent.click(within(bar).getByRole('button', { name: 'Update Status' }));
    const dialog = await findOpenedDialog('Schedule interview');
    expect(within(dialog).getByText('2 applications get consecutive slots of this duration from this start, in the order of the table.')).toBeInTheDocument();
    await fillSlot(dialog, { minutes: '15', place: 'Room 4' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Scheduled' }));
    expect(await screen.findByText('2 application(s) updated to Scheduled')).toBeInTheDocument();
    expect(api.bulkStatus).toHaveBeenCalledWith(['a3', 'a1'], 'Scheduled', { startsAt: new Date('2031-03-18T10:30').toISOString(), durationMinutes: 15, location: 'Room 4' });
  });
});
