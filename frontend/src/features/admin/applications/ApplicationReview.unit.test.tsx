import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { makeStore, type AppStore } from '../../../app/store';
import { saveBlob } from '../../../shared/download';
import { LocationProbe, renderWithApp, signedIn, findOpenedDialog } from '../../../test/render';
import { resumeChecksApi } from '../resumeChecks/api';
import { adminApplicationsApi } from './api';
import { ApplicationReview } from './ApplicationReview';
import { successShown } from './applicationsSlice';
import { loadExcelJs } from './excelExport';
import { bulkStatusProblem } from './sagas';

jest.mock('./api', () => ({
  adminApplicationsApi: Object.fromEntries(
    ['listJobs', 'listApplications', 'changeStatus', 'remove', 'bulkStatus', 'bulkDelete', 'checkResume', 'downloadResume'].map((name) => [name, jest.fn()]),
  ),
}));
jest.mock('../resumeChecks/api', () => ({ resumeChecksApi: { studentHistory: jest.fn() } }));
jest.mock('primereact/chart', () => ({ Chart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} /> }));
jest.mock('../../../shared/download', () => ({ ...jest.requireActual('../../../shared/download'), saveBlob: jest.fn() }));
const api = adminApplicationsApi as unknown as Record<keyof typeof adminApplicationsApi, jest.Mock>;
const save = saveBlob as jest.Mock;

const failure = (data: unknown = {}, status = 400) =>
  new AxiosError('Request failed', String(status), undefined, undefined, { status, statusText: '', data, headers: {}, config: { headers: new AxiosHeaders() } });

const JOB_COLUMNS = { profiles: 'Frontend Engineer', companyName: 'Acme', ctcOrStipend: '12 LPA', location: 'Pune', offerType: ['Full time Employment', 'Internship + PPO'] };
const JOBS = [
  { _id: 'j1', ...JOB_COLUMNS, applicationCount: 3 },
  { _id: 'j2', profiles: 'Data Analyst 10', companyName: 'Globex', ctcOrStipend: '8 LPA', location: 'Delhi', applicationCount: 12 },
  { _id: 'j3', profiles: 'Data Analyst 2', companyName: 'Initech', ctcOrStipend: '', location: '', applicationCount: 0 },
];
const APPLICATIONS = [
  {
    _id: 'a1',
    status: 'Applied',
    appliedDate: '2026-03-01T10:00:00.000Z',
    fullName: 'Form Name',
    email: 'form@university.edu',
    phone: '9876543210',
    resume: '/uploads/resumes/a1.pdf',
    userId: { _id: 'u1', fullName: 'Asha Verma', email: 'asha@university.edu', phone: '9000000000', rollNo: 'CS-01' },
    jobId: { _id: 'j1', ...JOB_COLUMNS },
  },
  {
    _id: 'a2',
    status: 'Accepted',
    appliedDate: '2026-03-05T10:00:00.000Z',
    fullName: 'Ravi Kumar',
    email: '',
    phone: '',
    resume: null,
    userId: { _id: 'u2', fullName: '', email: 'ravi@university.edu', phone: null, rollNo: null },
    jobId: { _id: 'j1', ...JOB_COLUMNS },
    offer: { ctc: 1_200_000, stipend: null, tier: 'Dream', status: 'accepted', extendedAt: '2026-03-06T10:00:00.000Z', answeredAt: '2026-03-07T10:00:00.000Z' },
  },
  {
    _id: 'a3',
    status: 'Rejected',
    appliedDate: '2026-02-01T10:00:00.000Z',
    fullName: 'Meera 10',
    email: 'meera@university.edu',
    phone: '9111111111',
    resume: '/uploads/resumes/a3.pdf',
    userId: null,
    jobId: { _id: 'j1', ...JOB_COLUMNS },
  },
];

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  api.listJobs.mockResolvedValue({ data: JOBS });
  api.listApplications.mockResolvedValue({ data: APPLICATIONS });
  api.checkResume.mockResolvedValue({ data: { isValid: true } });
  (resumeChecksApi.studentHistory as jest.Mock).mockResolvedValue({ data: { analyses: [] } });
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  Object.values(api).forEach((mock) => mock.mockReset());
  save.mockReset();
  confirmSpy.mockRestore();
});

const render = () => renderWithApp(<ApplicationReview />, { auth: signedIn('admin'), withSagas: true });
const toasts = (store: AppStore) => store.getState().notifications.queue.map((entry) => entry.detail);
const columnOf = (column: number) => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[column]?.textContent);

async function openJob() {
  const rendered = render();
  await userEvent.click(await screen.findByRole('button', { name: 'View Applications for Frontend Engineer at Acme' }));
  await screen.findByText('Asha Verma');
  return rendered;
}

describe('Application review: jobs', () => {
  it('lists a page of jobs with their counts, in the server’s order until a header is clicked', async () => {
    render();
    expect(screen.getByText('Loading jobs...')).toBeInTheDocument();
    await screen.findByText('Globex');
    expect(api.listJobs).toHaveBeenLastCalledWith({ page: 1, sort: null });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Job Profile', 'Company', 'CTC/Stipend', 'Location', 'Applications', 'Actions']);
    expect(columnOf(4)).toEqual(['3', '12', '0']);
    expect(columnOf(2)).toEqual(['12 LPA', '8 LPA', 'N/A']);
    expect(screen.queryByRole('navigation', { name: 'Job list pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Jobs' }));
    await waitFor(() => expect(api.listJobs).toHaveBeenCalledTimes(2));
  });

  it('asks the server for the clicked column’s order, toggling it, from the first page', async () => {
    render();
    await screen.findByText('Globex');
    api.listJobs.mockResolvedValue({ data: [JOBS[2], JOBS[0], JOBS[1]] });
    await userEvent.click(screen.getByRole('button', { name: 'Applications' }));
    await waitFor(() => expect(api.listJobs).toHaveBeenLastCalledWith({ page: 1, sort: { field: 'applicationCount', order: 'asc' } }));
    await waitFor(() => expect(columnOf(4)).toEqual(['0', '3', '12']));
    expect(screen.getByRole('columnheader', { name: /Applications/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /^Applications/ }));
    await waitFor(() => expect(api.listJobs).toHaveBeenLastCalledWith({ page: 1, sort: { field: 'applicationCount', order: 'desc' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Job Profile' }));
    await waitFor(() => expect(api.listJobs).toHaveBeenLastCalledWith({ page: 1, sort: { field: 'profile', order: 'asc' } }));
  });

  it('pages through a long list by the total the server announces, and keeps the sort', async () => {
    const headers = new AxiosHeaders({ 'X-Total-Count': '120' });
    api.listJobs.mockResolvedValue({ data: JOBS, headers });
    render();
    await screen.findByText('Globex');
    const pager = screen.getByRole('navigation', { name: 'Job list pages' });
    expect(within(pager).getAllByRole('button').map((button) => button.textContent)).toEqual(['Previous', '1', '2', '3', 'Next']);
    await userEvent.click(screen.getByRole('button', { name: 'Company' }));
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(api.listJobs).toHaveBeenLastCalledWith({ page: 3, sort: { field: 'company', order: 'asc' } }));
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Job list pages' })).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page'));
    expect(within(screen.getByRole('navigation', { name: 'Job list pages' })).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('goes to the last page when the one asked for is past the end (jobs deleted meanwhile)', async () => {
    api.listJobs.mockResolvedValue({ data: JOBS, headers: new AxiosHeaders({ 'X-Total-Count': '120' }) });
    render();
    await screen.findByText('Globex');
    api.listJobs.mockResolvedValueOnce({ data: [], headers: new AxiosHeaders({ 'X-Total-Count': '60' }) });
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Job list pages' })).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(api.listJobs).toHaveBeenLastCalledWith({ page: 2, sort: null }));
    expect(await screen.findByText('Globex')).toBeInTheDocument();
  });

  it('shows the empty text', async () => {
    api.listJobs.mockResolvedValue({ data: [] });
    render();
    expect(await screen.findByText('No jobs found')).toBeInTheDocument();
  });

  it('shows a load failure in the banner and the toast', async () => {
    api.listJobs.mockRejectedValue(failure({ message: 'Read model unavailable' }, 503));
    const { store } = render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load jobs: Read model unavailable');
    expect(toasts(store)).toEqual(['Failed to load jobs.']);
  });
});

describe('Application review: a job’s applications', () => {
  it('shows the heading, the controls and the applications newest first, by the precedence rules', async () => {
    await openJob();
    expect(api.listApplications).toHaveBeenCalledWith('j1');
    expect(screen.getByRole('heading', { name: 'Applications for Frontend Engineer - Acme' })).toBeInTheDocument();
    for (const name of ['Back to Jobs', 'Refresh Applications', 'Export to Excel']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(within(screen.getByRole('combobox', { name: 'Status to export' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Statuses',
      'Applied',
      'Under Review',
      'Scheduled',
      'Accepted',
      'Rejected',
    ]);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['', 'Applicant Name', 'Email', 'Status', 'Applied Date ↓', 'Actions']);
    expect(columnOf(1)).toEqual(['Ravi Kumar', 'Asha Verma', 'Meera 10']);
    expect(columnOf(2)).toEqual(['ravi@university.edu', 'form@university.edu', 'meera@university.edu']);
    expect(columnOf(4)[1]).toBe(new Date('2026-03-01T10:00:00.000Z').toLocaleString());
    // An Accepted application's offer and the student's answer (issue 16 part 3).
    expect(columnOf(3)[0]).toBe('AcceptedDream · CTC ₹12,00,000 a year · Accepted');
  });

  it('sorts numeric-aware and toggles the sorted column', async () => {
    await openJob();
    await userEvent.click(screen.getByRole('button', { name: 'Applicant Name' }));
    expect(columnOf(1)).toEqual(['Asha Verma', 'Meera 10', 'Ravi Kumar']);
    await userEvent.click(screen.getByRole('button', { name: /Applicant Name/ }));
    expect(columnOf(1)).toEqual(['Ravi Kumar', 'Meera 10', 'Asha Verma']);
    await userEvent.click(screen.getByRole('button', { name: /Applied Date/ }));
    expect(columnOf(1)).toEqual(['Meera 10', 'Asha Verma', 'Ravi Kumar']);
  });

  it('shows the loading and empty texts, and goes back to the jobs', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.listApplications.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Applications for Data Analyst 2 at Initech' }));
    expect(screen.getByText('Loading applications...')).toBeInTheDocument();
    await act(async () => answer({ data: [] }));
    expect(await screen.findByText('No applications for this job.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Jobs' }));
    expect(await screen.findByText('Globex')).toBeInTheDocument();
  });

  it('shows a load failure in the banner and the toast, and refreshes', async () => {
    api.listApplications.mockRejectedValueOnce(new Error('Network Error'));
    const { store } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Applications for Frontend Engineer at Acme' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load applications: Network Error');
    expect(toasts(store)).toEqual(['Failed to load applications.']);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Applications' }));
    expect(await screen.findByText('Asha Verma')).toBeInTheDocument();
  });

  it('clears the selection and the export filter when a job is chosen again', async () => {
    await openJob();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Asha Verma' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status to export' }), 'Rejected');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Jobs' }));
    await userEvent.click(await screen.findByRole('button', { name: 'View Applications for Frontend Engineer at Acme' }));
    await screen.findByText('Asha Verma');
    expect(screen.getByRole('combobox', { name: 'Status to export' })).toHaveValue('all');
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });
});

describe('Application review: bulk actions and delete', () => {
  it('asks for a status, then updates the selection and says so', async () => {
    api.bulkStatus.mockResolvedValue({ data: { results: [{ id: 'a1', ok: true }, { id: 'a3', ok: true }] } });
    await openJob();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Asha Verma' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Meera 10' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    expect(within(bar).getByRole('combobox', { name: 'Select Status' })).toHaveValue('');
    await userEvent.click(within(bar).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select a status to apply.');
    expect(api.bulkStatus).not.toHaveBeenCalled();
    await userEvent.selectOptions(within(bar).getByRole('combobox', { name: 'Select Status' }), 'Under Review');
    await userEvent.click(within(bar).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('2 application(s) updated to Under Review')).toBeInTheDocument();
    expect(api.bulkStatus).toHaveBeenCalledWith(['a1', 'a3'], 'Under Review');
    expect(columnOf(3)).toEqual(['AcceptedDream · CTC ₹12,00,000 a year · Accepted', 'Under Review', 'Under Review']);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });

  it('needs a status and a selection', () => {
    expect(bulkStatusProblem('', ['a1'])).toBe('Please select a status to apply.');
    expect(bulkStatusProblem('Applied', [])).toBe('Please select at least one application.');
    expect(bulkStatusProblem('Applied', ['a1'])).toBeNull();
  });

  it('reports statuses that failed and keeps them selected', async () => {
    api.bulkStatus.mockResolvedValue({ data: { results: [{ id: 'a1', ok: true }, { id: 'a2', ok: false, status: 404, message: 'Application not found' }, { id: 'a3', ok: true }] } });
    const { store } = await openJob();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all applications' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Select Status' }), 'Rejected');
    await userEvent.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update some statuses: Application not found');
    expect(toasts(store)).toEqual(['Failed to update some statuses: Application not found']);
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });

  it('deletes one application after confirming and lowers the job’s count', async () => {
    api.remove.mockRejectedValueOnce(failure({ message: 'Application not found' }, 404)).mockResolvedValueOnce({ data: {} });
    confirmSpy.mockReturnValueOnce(false);
    await openJob();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Meera 10' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this application?');
    expect(api.remove).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Meera 10' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete application: Application not found');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Meera 10' }));
    await waitFor(() => expect(screen.queryByText('Meera 10')).not.toBeInTheDocument());
    expect(api.remove).toHaveBeenLastCalledWith('a3');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Jobs' }));
    expect(columnOf(4)).toEqual(['2', '12', '0']);
  });

  it('deletes the selection after confirming and reports what failed', async () => {
    api.bulkDelete.mockResolvedValue({ data: { results: [{ id: 'a1', ok: true }, { id: 'a3', ok: false, status: 404, message: 'Application not found' }] } });
    await openJob();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Asha Verma' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Meera 10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete 2 applications?');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete some applications: Application not found');
    expect(api.bulkDelete).toHaveBeenCalledWith(['a1', 'a3']);
    expect(screen.queryByText('Asha Verma')).not.toBeInTheDocument();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Jobs' }));
    expect(columnOf(4)).toEqual(['2', '12', '0']);
  });

  it('hides a success message after 3 seconds', async () => {
    jest.useFakeTimers();
    try {
      const store = makeStore({ withSagas: true });
      store.dispatch(successShown('2 application(s) updated to Scheduled'));
      await act(async () => jest.advanceTimersByTime(2999));
      expect(store.getState().admin.applications.success).toBe('2 application(s) updated to Scheduled');
      await act(async () => jest.advanceTimersByTime(1));
      expect(store.getState().admin.applications.success).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});

const openDetails = async (name: string) => {
  await userEvent.click(screen.getByRole('button', { name: `View ${name}` }));
  return findOpenedDialog('Application Details');
};
const valueIn = (dialog: HTMLElement, label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Application review: the Application Details modal', () => {
  it('shows the applicant, the job and the status, with N/A where missing', async () => {
    await openJob();
    const dialog = await openDetails('Asha Verma');
    for (const heading of ['Applicant Information', 'Job Information', 'Application Status']) expect(within(dialog).getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(valueIn(dialog, 'Name')).toBe('Asha Verma');
    expect(valueIn(dialog, 'Email')).toBe('form@university.edu');
    expect(valueIn(dialog, 'Phone')).toBe('9876543210');
    expect(valueIn(dialog, 'Roll Number')).toBe('CS-01');
    expect(valueIn(dialog, 'Profile')).toBe('Frontend Engineer');
    expect(valueIn(dialog, 'Company')).toBe('Acme');
    expect(valueIn(dialog, 'CTC/Stipend')).toBe('12 LPA');
    expect(valueIn(dialog, 'Location')).toBe('Pune');
    expect(valueIn(dialog, 'Type')).toBe('Full time Employment, Internship + PPO');
    expect(valueIn(dialog, 'Current Status')).toBe('Applied');
    expect(valueIn(dialog, 'Applied Date')).toBe(new Date('2026-03-01T10:00:00.000Z').toLocaleString());
    expect(within(dialog).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/admin-panel?section=audit&kind=applications&id=a1');
    const buttons = within(within(dialog).getByRole('group', { name: 'Set status' })).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, (b as HTMLButtonElement).disabled])).toEqual([
      ['Applied', true],
      ['Under Review', false],
      ['Scheduled', false],
      ['Accepted', false],
      ['Rejected', false],
    ]);
    await userEvent.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the applicant's resume checks over time, and none for an application without an account", async () => {
    const checks = [41, 63].map((atsScore, index) => ({
      analysisId: `c${index}`,
      studentId: 'u1',
      analysedAt: `2026-02-0${index + 1}T10:00:00.000Z`,
      scorerVersion: '1.0.0',
      fileHash: String(index).repeat(64),
      fileType: 'pdf',
      industry: 'software',
      jobDescriptionHash: null,
      atsScore,
      label: atsScore > 60 ? 'Good' : 'Needs Improvement',
      factors: {},
    }));
    const history = (resumeChecksApi.studentHistory as jest.Mock).mockResolvedValue({ data: { analyses: checks } });
    await openJob();
    const dialog = await openDetails('Asha Verma');
    expect(await within(dialog).findByText('2 checks: 41 → 63. Latest 63 (Good) on Feb 2, 2026, scorer version 1.0.0.')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'ATS score over 2 checks, from 41 to 63' })).toBeInTheDocument();
    expect(history).toHaveBeenCalledWith('u1');
  });

  it('opens the audit section on this application from History, closing the modal', async () => {
    renderWithApp(
      <>
        <ApplicationReview />
        <LocationProbe />
      </>,
      { auth: signedIn('admin'), withSagas: true, route: '/admin-panel?section=applications' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'View Applications for Frontend Engineer at Acme' }));
    await screen.findByText('Asha Verma');
    const dialog = await openDetails('Meera 10');
    await userEvent.click(within(dialog).getByRole('link', { name: 'History' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-panel?section=audit&kind=applications&id=a3');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows N/A for a missing phone and roll number, and no resume without a file', async () => {
    await openJob();
    const dialog = await openDetails('Ravi Kumar');
    expect(valueIn(dialog, 'Email')).toBe('ravi@university.edu');
    expect(valueIn(dialog, 'Phone')).toBe('N/A');
    expect(valueIn(dialog, 'Roll Number')).toBe('N/A');
    expect(valueIn(dialog, 'Resume')).toBe('Resume unavailable');
    expect(api.checkResume).not.toHaveBeenCalled();
  });

  it('changes the status, says the applicant was e-mailed, and reports a failure', async () => {
    api.changeStatus
      .mockResolvedValueOnce({ data: { message: 'Status updated to Under Review', _id: 'a1', status: 'Under Review', jobId: 'j1', userId: 'u1', position: 7 } })
      .mockRejectedValueOnce(failure({ message: 'Application not found' }, 404));
    const { store } = await openJob();
    const dialog = await openDetails('Asha Verma');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Under Review' }));
    expect(await screen.findByText('Status updated to Under Review. Email sent to applicant')).toBeInTheDocument();
    expect(api.changeStatus).toHaveBeenCalledWith('a1', 'Under Review');
    expect(within(dialog).getByRole('button', { name: 'Under Review' })).toBeDisabled();
    expect(valueIn(dialog, 'Current Status')).toBe('Under Review');
    expect(valueIn(dialog, 'Company')).toBe('Acme');
    expect(valueIn(dialog, 'Name')).toBe('Asha Verma');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rejected' }));
    expect(await screen.findByText('Failed to update status to Rejected: Application not found')).toBeInTheDocument();
    expect(toasts(store)).toEqual(['Failed to update status.']);
  });

  it('checks the resume first, then downloads it as resume-{id}.pdf', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    api.downloadResume.mockResolvedValue({ data: pdf, headers: { 'content-type': 'application/pdf' } });
    await openJob();
    const dialog = await openDetails('Asha Verma');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Download Resume' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith(pdf, 'resume-a1.pdf'));
    expect(api.checkResume).toHaveBeenCalledWith('a1');
    expect(api.downloadResume).toHaveBeenCalledWith('a1');
  });

  it('refuses a file that is not a PDF', async () => {
    api.downloadResume.mockResolvedValue({ data: new Blob(['x'], { type: 'application/msword' }), headers: { 'content-type': 'application/msword' } });
    await openJob();
    const dialog = await openDetails('Asha Verma');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Download Resume' }));
    expect(await screen.findByText('Failed to download resume: Received file is not a PDF')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('shows the server’s reason from a failed download', async () => {
    api.downloadResume.mockRejectedValue(failure(new Blob([JSON.stringify({ message: 'Resume not found' })], { type: 'application/json' }), 404));
    await openJob();
    const dialog = await openDetails('Asha Verma');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Download Resume' }));
    expect(await screen.findByText('Failed to download resume: Resume not found')).toBeInTheDocument();
  });

  it('treats an invalid or failed check as an unavailable resume, logging the failure', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.checkResume.mockResolvedValueOnce({ data: { isValid: false } }).mockRejectedValueOnce(new Error('down'));
    try {
      await openJob();
      let dialog = await openDetails('Asha Verma');
      await waitFor(() => expect(valueIn(dialog, 'Resume')).toBe('Resume unavailable'));
      await userEvent.click(within(dialog).getByText('Close'));
      dialog = await openDetails('Meera 10');
      await waitFor(() => expect(valueIn(dialog, 'Resume')).toBe('Resume unavailable'));
      expect(warn).toHaveBeenCalledWith('Resume check failed', expect.any(Error));
      expect(api.downloadResume).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
const bytesOf = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(blob);
  });

async function savedWorkbook() {
  const [blob, fileName] = save.mock.calls[0] as [Blob, string];
  const excel = await loadExcelJs();
  const workbook = new excel.Workbook();
  await workbook.xlsx.load(await bytesOf(blob));
  return { blob, fileName, sheet: workbook.getWorksheet('Applications')! };
}

describe('Application review: Excel export', () => {
  it('exports the applications of the chosen status, read back with exceljs', async () => {
    await openJob();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status to export' }), 'Applied');
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(screen.getByRole('button', { name: 'Exporting...' })).toBeDisabled();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled());
    const { blob, fileName, sheet } = await savedWorkbook();
    expect(fileName).toBe('Acme_Frontend Engineer_Applications.xlsx');
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(sheet.getCell('A1').value).toBe('Company: Acme');
    expect(sheet.getCell('D1').master.address).toBe('A1');
    expect([1, 2, 3, 4].map((column) => sheet.getColumn(column).width)).toEqual([20, 30, 15, 50]);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Name', 'Email', 'Contact', 'Resume']);
    expect(sheet.getRow(3).values).toEqual([undefined, 'Asha Verma', 'form@university.edu', '9876543210', `${window.location.origin}/uploads/resumes/a1.pdf`]);
    expect(sheet.rowCount).toBe(3);
  });

  it('exports every application with N/A and Not uploaded when All Statuses is chosen', async () => {
    await openJob();
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const { sheet } = await savedWorkbook();
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(4).values).toEqual([undefined, 'Ravi Kumar', 'ravi@university.edu', 'N/A', 'Not uploaded']);
  });

  it('says when nothing matches the chosen status', async () => {
    api.listApplications.mockResolvedValue({ data: APPLICATIONS.slice(0, 2) });
    await openJob();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status to export' }), 'Rejected');
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No applications match the selected status.');
    expect(save).not.toHaveBeenCalled();
  });

  it('says when there is nothing to export', async () => {
    api.listApplications.mockResolvedValue({ data: [] });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Applications for Data Analyst 2 at Initech' }));
    await screen.findByText('No applications for this job.');
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No applications to export.');
  });

  it('reports a failed export, with Unknown error when there is no reason', async () => {
    save.mockImplementationOnce(() => {
      throw new Error('Disk full');
    });
    save.mockImplementationOnce(() => {
      throw new Error('');
    });
    await openJob();
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to export applications: Disk full');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to export applications: Unknown error'));
  });
});
