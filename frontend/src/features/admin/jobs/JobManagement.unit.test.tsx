import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { makeStore } from '../../../app/store';
import { LocationProbe, renderWithApp, signedIn } from '../../../test/render';
import { adminJobParams, adminJobsApi } from './api';
import { JobManagement } from './JobManagement';
import { successShown } from './jobsSlice';
import { jobsFrom, saveErrorText } from './sagas';
import { NO_JOB_FILTERS } from './types';

jest.mock('./api', () => ({
  ...jest.requireActual('./api'),
  adminJobsApi: Object.fromEntries(['list', 'changeStatus', 'bulkStatus', 'remove', 'notify', 'create', 'update'].map((name) => [name, jest.fn()])),
}));
const api = adminJobsApi as unknown as Record<keyof typeof adminJobsApi, jest.Mock>;

const failure = (data: object = {}, status = 400) =>
  new AxiosError('Request failed', String(status), undefined, undefined, { status, statusText: '', data, headers: {}, config: { headers: new AxiosHeaders() } });

const JOBS = [
  {
    _id: 'j1',
    companyName: 'Acme 2',
    profiles: 'Frontend Engineer',
    offerType: ['Full time Employment'],
    location: 'Pune',
    status: 'pending',
    createdAt: '2026-01-02T10:00:00.000Z',
    ctcOrStipend: '12 LPA',
    vacancies: 3,
    reference: 'Self',
    category: ['Frontend Developer', 'Web Developer'],
    dateOfJoining: '2026-07-01',
    officeAddress: '1 Main Street',
    jobDescription: 'Build screens',
    eligibility: 'B.Tech 2026',
    skills: ['React', 'CSS'],
    additionalInfo: '',
    contactPersonName: 'Ravi',
    contactNumber: '9876543210',
    email: 'hr@acme.test',
    website: 'https://acme.test',
    yearOfEstablishment: 1999,
    resultDeclaration: 'Within a week',
  },
  { _id: 'j2', companyName: 'Acme 10', profiles: 'Data Analyst', offerType: ['Summer Internship'], location: 'Delhi', status: 'approved', createdAt: '2026-03-01T10:00:00.000Z' },
  { _id: 'j3', companyName: 'Globex', profiles: 'Backend Engineer', offerType: ['Internship + PPO'], location: 'Mumbai', status: 'pending', createdAt: '2026-02-01T10:00:00.000Z' },
];

let confirmSpy: jest.SpyInstance;
let alertSpy: jest.SpyInstance;
beforeEach(() => {
  // As the server answers the first page: newest first.
  api.list.mockResolvedValue({ data: { success: true, count: 3, data: [JOBS[1], JOBS[2], JOBS[0]] } });
  api.changeStatus.mockResolvedValue({ data: {} });
  api.notify.mockResolvedValue({ data: {} });
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  Object.values(api).forEach((mock) => mock.mockReset());
  confirmSpy.mockRestore();
  alertSpy.mockRestore();
});

const render = () => renderWithApp(<JobManagement />, { auth: signedIn('admin'), withSagas: true });
const cellsOf = (column: number) => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[column]?.textContent);
/** The company cell also holds the logo's initial (hidden from assistive technology). */
const companies = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.querySelector('.admin-jobs__company-name')?.textContent);
const loaded = () => screen.findByText('Globex');
const row = (text: string) => screen.getByText(text).closest('tr')!;

describe('Job Management list', () => {
  it('shows the header, the loading text, and the jobs newest first with status badges', async () => {
    render();
    expect(screen.getByRole('heading', { name: 'Job Management Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading jobs...')).toBeInTheDocument();
    await loaded();
    expect(companies()).toEqual(['Acme 10', 'Globex', 'Acme 2']);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['', 'Company', 'Profile', 'Offer Type', 'Location', 'Posted Date ↓', 'Status', 'Actions']);
    expect(within(row('Acme 10')).getByText('Approved')).toBeInTheDocument();
    expect(within(row('Globex')).getByText('Pending')).toBeInTheDocument();
  });

  it('offers Approve and Reject only on pending rows', async () => {
    render();
    await loaded();
    expect(within(row('Globex')).getByRole('button', { name: /^Approve/ })).toBeInTheDocument();
    expect(within(row('Globex')).getByRole('button', { name: /^Reject/ })).toBeInTheDocument();
    expect(within(row('Acme 10')).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(within(row('Acme 10')).queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
    for (const name of ['View', 'Edit', 'Delete']) expect(within(row('Acme 10')).getByRole('button', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
  });

  it('asks the server for a header’s order, ascending first, then toggled, from the first page', async () => {
    render();
    await loaded();
    expect(api.list).toHaveBeenLastCalledWith(NO_JOB_FILTERS, { page: 1, sort: { field: 'createdAt', order: 'desc' } });
    api.list.mockResolvedValue({ data: { success: true, count: 3, data: JOBS } });
    await userEvent.click(screen.getByRole('button', { name: 'Company' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(NO_JOB_FILTERS, { page: 1, sort: { field: 'company', order: 'asc' } }));
    await waitFor(() => expect(companies()).toEqual(['Acme 2', 'Acme 10', 'Globex']));
    expect(screen.getByRole('columnheader', { name: /Company/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /Company/ }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(NO_JOB_FILTERS, { page: 1, sort: { field: 'company', order: 'desc' } }));
    await userEvent.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(NO_JOB_FILTERS, { page: 1, sort: { field: 'status', order: 'asc' } }));
  });

  it('pages through the matching jobs by the count the server answers, back to page 1 when a filter changes', async () => {
    api.list.mockResolvedValue({ data: { success: true, count: 140, data: JOBS } });
    render();
    await loaded();
    const pager = () => screen.getByRole('navigation', { name: 'Job list pages' });
    expect(within(pager()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Previous', '1', '2', '3', 'Next']);
    await userEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(NO_JOB_FILTERS, { page: 2, sort: { field: 'createdAt', order: 'desc' } }));
    await waitFor(() => expect(within(pager()).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'pending' }), { page: 1, sort: { field: 'createdAt', order: 'desc' } }));
  });

  it('shows no pager while every match fits on one page', async () => {
    render();
    await loaded();
    expect(screen.queryByRole('navigation', { name: 'Job list pages' })).not.toBeInTheDocument();
  });

  it('shows the empty text', async () => {
    api.list.mockResolvedValue({ data: [] });
    render();
    expect(await screen.findByText('No jobs found matching your criteria.')).toBeInTheDocument();
  });

  it('shows a load failure with the server message, else the reason', async () => {
    api.list.mockRejectedValueOnce(failure({ message: 'Read model unavailable' }, 503)).mockRejectedValueOnce(new Error('Network Error'));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load jobs: Read model unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to load jobs: Network Error'));
  });

  it('reads the list from data or from the body itself', () => {
    expect(jobsFrom(JOBS)).toHaveLength(3);
    expect(jobsFrom({ data: JOBS })).toHaveLength(3);
    expect(() => jobsFrom({ jobs: [] })).toThrow('Invalid response format from server');
  });
});

describe('Job Management filters', () => {
  it('builds the query: status left out when all, offer types comma-joined, blanks left out', () => {
    expect(adminJobParams(NO_JOB_FILTERS)).toEqual({});
    expect(
      adminJobParams({ ...NO_JOB_FILTERS, status: 'pending', companyName: ' Acme ', offerType: ['Apprenticeship', 'Summer Internship'], skills: 'React, SQL', category: 'Data', search: 'x', location: 'Pune', profiles: 'Dev' }),
    ).toEqual({ status: 'pending', companyName: 'Acme', offerType: 'Apprenticeship,Summer Internship', skills: 'React, SQL', category: 'Data', search: 'x', location: 'Pune', profiles: 'Dev' });
  });

  it('fetches at once when the status changes', async () => {
    render();
    await loaded();
    expect(within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Pending', 'Approved', 'Rejected']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'pending' } });
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2), { timeout: 300 });
    expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'pending' }), { page: 1, sort: expect.anything() });
  });

  it('waits 500 ms after typing before fetching, once', async () => {
    jest.useFakeTimers();
    try {
      render();
      await loaded();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(screen.getByRole('searchbox', { name: 'Company Name' }), 'Acme');
      await user.type(screen.getByRole('searchbox', { name: 'Profile' }), 'Dev');
      expect(api.list).toHaveBeenCalledTimes(1);
      await act(() => jest.advanceTimersByTimeAsync(499));
      expect(api.list).toHaveBeenCalledTimes(1);
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(api.list).toHaveBeenCalledTimes(2);
      expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ companyName: 'Acme', profiles: 'Dev' }), { page: 1, sort: expect.anything() });
    } finally {
      jest.useRealTimers();
    }
  });

  it('reveals offer types, location, skills, category and search under More Filters; Clear Filters resets and fetches', async () => {
    render();
    await loaded();
    const more = screen.getByRole('button', { name: 'More Filters' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'Apprenticeship' })).not.toBeInTheDocument();
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Location', 'Skills', 'Search']) expect(screen.getByRole('searchbox', { name })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Apprenticeship' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Summer Internship' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ offerType: ['Apprenticeship', 'Summer Internship'] }), { page: 1, sort: expect.anything() }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Location' }), { target: { value: 'Pune' } });
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ location: 'Pune' }), { page: 1, sort: expect.anything() }));
    const calls = api.list.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(calls + 1));
    expect(api.list).toHaveBeenLastCalledWith(NO_JOB_FILTERS, { page: 1, sort: expect.anything() });
    expect(screen.getByRole('searchbox', { name: 'Location' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Apprenticeship' })).not.toBeChecked();
  });
});

describe('Job Management row actions', () => {
  it('approves a pending job, notifies the students and says so', async () => {
    render();
    await loaded();
    await userEvent.click(within(row('Globex')).getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByText('Job approved and email notifications sent to students.')).toBeInTheDocument();
    expect(api.changeStatus).toHaveBeenCalledWith('j3', 'approved');
    expect(api.notify).toHaveBeenCalledWith('j3');
    expect(within(row('Globex')).getByText('Approved')).toBeInTheDocument();
    expect(within(row('Globex')).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  });

  it('reports a failed approval with the default texts', async () => {
    api.changeStatus.mockRejectedValueOnce(failure());
    render();
    await loaded();
    await userEvent.click(within(row('Globex')).getByRole('button', { name: /^Approve/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to approve job or send notifications: Failed to approved job');
    expect(api.notify).not.toHaveBeenCalled();
    api.notify.mockRejectedValueOnce(failure({}, 500));
    await userEvent.click(within(row('Globex')).getByRole('button', { name: /^Approve/ }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to approve job or send notifications: Failed to send job notification'));
  });

  it('rejects a pending job, and reports a failure with the server message', async () => {
    api.changeStatus.mockRejectedValueOnce(failure({ message: 'Job not found' }, 404));
    render();
    await loaded();
    await userEvent.click(within(row('Globex')).getByRole('button', { name: /^Reject/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reject job: Job not found');
    await userEvent.click(within(row('Globex')).getByRole('button', { name: /^Reject/ }));
    await waitFor(() => expect(within(row('Globex')).getByText('Rejected')).toBeInTheDocument());
    expect(api.changeStatus).toHaveBeenLastCalledWith('j3', 'rejected');
    expect(api.notify).not.toHaveBeenCalled();
  });

  it('deletes after confirming, and reports a failure', async () => {
    api.remove.mockRejectedValueOnce(failure()).mockResolvedValueOnce({ data: {} });
    confirmSpy.mockReturnValueOnce(false);
    render();
    await loaded();
    await userEvent.click(within(row('Globex')).getByRole('button', { name: /^Delete/ }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this job? This action cannot be undone.');
    expect(api.remove).not.toHaveBeenCalled();
    await userEvent.click(within(row('Globex')).getByRole('button', { name: /^Delete/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete job: Failed to delete job');
    await userEvent.click(within(row('Globex')).getByRole('button', { name: /^Delete/ }));
    await waitFor(() => expect(screen.queryByText('Globex')).not.toBeInTheDocument());
    expect(api.remove).toHaveBeenLastCalledWith('j3');
  });
});

describe('Job Management bulk actions', () => {
  it('approves the selection after confirming, notifies each job and clears the selection', async () => {
    api.bulkStatus.mockResolvedValue({ data: { results: [{ id: 'j1', ok: true }, { id: 'j3', ok: true }] } });
    render();
    await loaded();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Frontend Engineer at Acme 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Backend Engineer at Globex' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Approve Selected' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to approve 2 jobs?');
    expect(await screen.findByText('2 jobs approved and email notifications sent to students.')).toBeInTheDocument();
    expect(api.bulkStatus).toHaveBeenCalledWith(['j1', 'j3'], 'approved');
    expect(api.notify.mock.calls).toEqual([['j1'], ['j3']]);
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    expect(cellsOf(6)).toEqual(['Approved', 'Approved', 'Approved']);
  });

  it('keeps the failed jobs selected and reports the partial failure', async () => {
    api.bulkStatus.mockResolvedValue({ data: { results: [{ id: 'j1', ok: true }, { id: 'j3', ok: false, status: 404, message: 'gone' }] } });
    render();
    await loaded();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all jobs' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to approve some jobs or send notifications');
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('counts a failed notification as a failure of the bulk approval', async () => {
    api.bulkStatus.mockResolvedValue({ data: { results: [{ id: 'j3', ok: true }] } });
    api.notify.mockRejectedValue(failure({}, 500));
    render();
    await loaded();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Backend Engineer at Globex' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve Selected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to approve some jobs or send notifications');
  });

  it('rejects the selection after confirming, and reports a failure', async () => {
    api.bulkStatus.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ data: { results: [{ id: 'j3', ok: true }] } });
    confirmSpy.mockReturnValueOnce(false);
    render();
    await loaded();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Backend Engineer at Globex' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject Selected' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to reject 1 jobs?');
    expect(api.bulkStatus).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Selected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reject some jobs');
    await userEvent.click(screen.getByRole('button', { name: 'Reject Selected' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument());
    expect(within(row('Globex')).getByText('Rejected')).toBeInTheDocument();
    expect(api.notify).not.toHaveBeenCalled();
  });
});

describe('Job Management view overlay', () => {
  it('shows every field, N/A for what is missing, a History link and Close', async () => {
    render();
    await loaded();
    await userEvent.click(within(row('Acme 2')).getByRole('button', { name: /^View/ }));
    const dialog = screen.getByRole('dialog', { name: 'Frontend Engineer - Acme 2' });
    const value = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('CTC/Stipend')).toBe('12 LPA');
    expect(value('Location')).toBe('Pune');
    expect(value('Job Type')).toBe('Full time Employment');
    expect(value('Vacancies')).toBe('3');
    expect(value('Referred By')).toBe('Self');
    expect(value('Category')).toBe('Frontend Developer, Web Developer');
    expect(value('Starting Date')).toBe(new Date('2026-07-01').toLocaleDateString(undefined, { timeZone: 'UTC' }));
    expect(value('Office Address')).toBe('1 Main Street');
    expect(value('Description')).toBe('Build screens');
    expect(value('Eligibility')).toBe('B.Tech 2026');
    expect(value('Skills')).toBe('React, CSS');
    expect(value('Additional Info')).toBe('N/A');
    expect(value('Contact Info')).toBe('Ravi · 9876543210 · hr@acme.test');
    expect(value('Company Details')).toBe('Acme 2 · https://acme.test · Established 1999');
    expect(value('Reference')).toBe('Self');
    expect(value('Result Declaration')).toBe('Within a week');
    expect(value('Status')).toBe('Pending');
    expect(within(dialog).getByRole('link', { name: 'History' })).toHaveAttribute('href', '/admin-panel?section=audit&kind=jobs&id=j1');
    // The details scroll and hold nothing focusable, so the content itself is in the tab order (axe: scrollable-region-focusable).
    expect(dialog.querySelector('dl.admin-details')?.parentElement).toHaveAttribute('tabindex', '0');
    await userEvent.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the audit section on this job from History, closing the overlay', async () => {
    renderWithApp(
      <>
        <JobManagement />
        <LocationProbe />
      </>,
      { auth: signedIn('admin'), withSagas: true, route: '/admin-panel?section=jobs' },
    );
    await loaded();
    await userEvent.click(within(row('Globex')).getByRole('button', { name: /^View/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'History' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-panel?section=audit&kind=jobs&id=j3');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows N/A for every field of a sparse job', async () => {
    render();
    await loaded();
    await userEvent.click(within(row('Globex')).getByRole('button', { name: /^View/ }));
    const dialog = screen.getByRole('dialog', { name: 'Backend Engineer - Globex' });
    expect(within(dialog).getAllByText('N/A').length).toBeGreaterThanOrEqual(10);
  });
});

const fill = (dialog: HTMLElement, label: RegExp, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

function fillValid(dialog: HTMLElement) {
  fill(dialog, /^Company Name/, 'Initech');
  fill(dialog, /^Website/, 'https://initech.test');
  fill(dialog, /^Year of Establishment/, '2001');
  fill(dialog, /^Office Address/, '2 Side Street');
  fill(dialog, /^Contact Person Name/, 'Peter');
  fill(dialog, /^Contact Number/, '9876500000');
  fill(dialog, /^Email/, 'jobs@initech.test');
  fill(dialog, /^Job Profile/, 'QA Engineer');
  fill(dialog, /^CTC\/Stipend/, '8 LPA');
  fill(dialog, /^Location/, 'Chennai');
  fill(dialog, /^Date of Joining/, '2026-08-01');
  fill(dialog, /^Eligibility/, 'Any graduate');
  fireEvent.click(within(dialog).getByLabelText('Apprenticeship'));
  fill(dialog, /^Skills/, 'Testing, selenium ,testing,');
  fill(dialog, /^Category/, 'Frontend Developer');
}

const CREATED = { _id: 'j9', companyName: 'Initech', profiles: 'QA Engineer', offerType: ['Apprenticeship'], location: 'Chennai', status: 'approved', createdAt: '2026-04-01T10:00:00.000Z' };

describe('Job Management create and edit', () => {
  it('alerts the missing required fields by name and sends nothing', async () => {
    render();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Job' });
    expect(within(dialog).getByLabelText(/^Vacancies/)).toHaveValue(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(alertSpy).toHaveBeenCalledWith(
      [
        'Please fill in the following required fields:',
        'Company Name',
        'Office Address',
        'Website',
        'Year of Establishment',
        'Contact Person Name',
        'Contact Number',
        'Email',
        'Job Profile',
        'Eligibility',
        'Offer Type',
        'CTC/Stipend',
        'Location',
        'Date of Joining',
        'Skills',
        'Category',
      ].join('\n'),
    );
    expect(api.create).not.toHaveBeenCalled();
    fillValid(dialog);
    fill(dialog, /^Email/, 'not-an-email');
    alertSpy.mockClear();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(alertSpy).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('creates a job, prepends it and notifies the students', async () => {
    api.create.mockResolvedValue({ data: { success: true, data: CREATED } });
    render();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Job' });
    fillValid(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Job' }));
    expect(await screen.findByText('Job created and email notifications sent to students.')).toBeInTheDocument();
    expect(alertSpy).not.toHaveBeenCalled();
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({ companyName: 'Initech', yearOfEstablishment: 2001, vacancies: 1, offerType: ['Apprenticeship'], skills: ['Testing', 'selenium'], category: ['Frontend Developer'], resultDeclaration: 'Same day', reference: 'Self' }),
    );
    expect(api.notify).toHaveBeenCalledWith('j9');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Initech');
  });

  it('does not notify when the created job awaits approval', async () => {
    api.create.mockResolvedValue({ data: { data: { ...CREATED, status: 'pending' } } });
    render();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Job' }));
    fillValid(screen.getByRole('dialog', { name: 'Add New Job' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.notify).not.toHaveBeenCalled();
    expect(screen.getByText('Initech')).toBeInTheDocument();
  });

  it('shows save failures: the errors list joined, else the message, else the default', async () => {
    api.create
      .mockRejectedValueOnce(failure({ message: 'Invalid job', errors: [{ field: 'email', message: 'Please enter a valid email address' }, { field: 'website', message: 'Bad website' }] }, 422))
      .mockRejectedValueOnce(failure({ message: 'Conflict' }, 409))
      .mockRejectedValueOnce(new Error('Network Error'));
    render();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Job' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Job' });
    fillValid(dialog);
    const create = within(dialog).getByRole('button', { name: 'Create Job' });
    await userEvent.click(create);
    expect(await within(dialog).findByText('Please enter a valid email address, Bad website')).toBeInTheDocument();
    await userEvent.click(create);
    expect(await within(dialog).findByText('Conflict')).toBeInTheDocument();
    await userEvent.click(create);
    expect(await within(dialog).findByText('Failed to save job')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reports a failed notification after creating', async () => {
    api.create.mockResolvedValue({ data: { data: CREATED } });
    api.notify.mockRejectedValue(failure({}, 500));
    render();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Job' }));
    fillValid(screen.getByRole('dialog', { name: 'Add New Job' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Job' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send job notification');
  });

  it('edits a job from its stored values and updates the row', async () => {
    api.update.mockResolvedValue({ data: { data: { ...JOBS[0], location: 'Bengaluru' } } });
    render();
    await loaded();
    await userEvent.click(within(row('Acme 2')).getByRole('button', { name: /^Edit/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Job' });
    expect(within(dialog).getByLabelText(/^Company Name/)).toHaveValue('Acme 2');
    expect(within(dialog).getByLabelText(/^Year of Establishment/)).toHaveValue('1999');
    expect(within(dialog).getByRole('textbox', { name: /^Skills/ })).toHaveValue('React, CSS');
    expect(within(dialog).getByLabelText(/^Date of Joining/)).toHaveValue('2026-07-01');
    expect(within(dialog).getByLabelText('Full time Employment')).toBeChecked();
    expect(within(dialog).getByLabelText(/^Result Declaration/)).toHaveValue('Within a week');
    expect(within(dialog).getByRole('list', { name: 'Chosen categories' })).toHaveTextContent('Web Developer');
    fill(dialog, /^Location/, 'Bengaluru');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.update).toHaveBeenCalledWith('j1', expect.objectContaining({ location: 'Bengaluru', companyName: 'Acme 2', skills: ['React', 'CSS'] }));
    expect(within(row('Acme 2')).getByText('Bengaluru')).toBeInTheDocument();
    expect(api.notify).not.toHaveBeenCalled();
  });

  it('turns server errors into one line', () => {
    expect(saveErrorText(failure({ errors: [{ field: 'a', message: 'A' }, { field: 'b', message: 'B' }] }))).toBe('A, B');
    expect(saveErrorText(failure({ message: 'Nope' }))).toBe('Nope');
    expect(saveErrorText(new Error('x'))).toBe('Failed to save job');
  });
});

describe('Job Management messages', () => {
  it('hides a success message after 5 seconds', async () => {
    jest.useFakeTimers();
    try {
      const store = makeStore({ withSagas: true });
      store.dispatch(successShown('Job created and email notifications sent to students.'));
      await act(async () => jest.advanceTimersByTime(4999));
      expect(store.getState().admin.jobs.success).toBe('Job created and email notifications sent to students.');
      await act(async () => jest.advanceTimersByTime(1));
      expect(store.getState().admin.jobs.success).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
