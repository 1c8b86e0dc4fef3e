import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { renderWithApp, signedIn } from '../../../test/render';
import { emailApi } from './api';
import { chosenRecipients, EMAIL_TEXT, filterRecipients, previewOf, recipientsFrom, scheduledInstant, sendFormData, sendProblem, templateProblem } from './compose';
import { EmailComposer } from './EmailComposer';
import type { Role } from '@placement/domain';
import type { Campaign, Recipient } from './types';

jest.mock('./api', () => ({
  emailApi: { userGroups: jest.fn(), templates: jest.fn(), saveTemplate: jest.fn(), send: jest.fn(), campaigns: jest.fn(), campaign: jest.fn() },
}));
// Quill needs a real browser; the composer's contract with the editor is value in, HTML out.
jest.mock('./RichTextEditor', () => {
  const { createElement } = jest.requireActual<{ createElement: (...args: unknown[]) => unknown }>('react');
  return {
    __esModule: true,
    default: ({ labelledBy, value, onChange, disabled }: { labelledBy: string; value: string; onChange: (html: string) => void; disabled?: boolean }) =>
      createElement('textarea', { 'aria-labelledby': labelledBy, value, disabled, onChange: (event: { target: { value: string } }) => onChange(event.target.value) }),
  };
});

const api = emailApi as unknown as Record<keyof typeof emailApi, jest.Mock>;

const serverError = (status: number, message?: string) =>
  new AxiosError('Request failed', String(status), undefined, undefined, { status, statusText: '', data: message ? { message } : {}, headers: {}, config: { headers: new AxiosHeaders() } });

const person = (n: number, role: Role = 'student'): Recipient => ({ _id: `u${n}`, fullName: `Person ${n}`, email: `p${n}@university.edu`, role, school: 'SOET', rollNo: `R${n}` });
const USERS = [person(1), person(2), person(3, 'staff'), person(4), person(5), person(6), person(7, 'admin')];
const TEMPLATES = [{ _id: 't1', name: 'Drive notice', subject: 'Campus drive', content: '<p>Drive on Monday</p>' }];

const campaign = (overrides: Partial<Campaign>): Campaign => ({
  _id: 'c1',
  id: 'c1',
  subject: 'Hello',
  recipients: 7,
  sent: 0,
  failed: 0,
  opened: 0,
  pending: 7,
  progress: 0,
  openRate: 0,
  status: 'sending',
  trackOpens: true,
  scheduledFor: null,
  requestedBy: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  completedAt: null,
  attachments: [],
  ...overrides,
});

beforeEach(() => {
  api.userGroups.mockResolvedValue({ data: { users: USERS }, headers: { 'content-type': 'application/json; charset=utf-8' } });
  api.templates.mockResolvedValue({ data: { templates: TEMPLATES } });
  api.campaigns.mockResolvedValue({ data: { campaigns: [] } });
});
afterEach(() => Object.values(api).forEach((mock) => mock.mockReset()));

const render = () => renderWithApp(<EmailComposer />, { auth: signedIn('staff'), withSagas: true });
const subjectBox = () => screen.getByRole('textbox', { name: 'Subject' });
const contentBox = () => screen.findByRole('textbox', { name: 'Content' });
const sendButton = () => screen.getByRole('button', { name: /Send Email|Schedule Email/ });
const lastSentForm = (): FormData => api.send.mock.calls.at(-1)![0] as FormData;

async function compose(subject = 'Hello', content = '<p>Hi all</p>') {
  fireEvent.change(subjectBox(), { target: { value: subject } });
  fireEvent.change(await contentBox(), { target: { value: content } });
}

describe('recipient sidebar', () => {
  it('shows the loading text, then every recipient, the first 5 and + N more recipients', async () => {
    render();
    expect(screen.getByText('Loading recipients...')).toBeInTheDocument();
    expect(await screen.findByText('7 recipients selected')).toBeInTheDocument();
    const preview = screen.getByRole('list', { name: 'Selected recipients' });
    expect(within(preview).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Person 1', 'Person 2', 'Person 3', 'Person 4', 'Person 5', '+ 2 more recipients']);
    expect(screen.getByText('Recipient list (7)')).toBeInTheDocument();
  });

  it('lets a keyboard reach the scrolling recipient list, which holds nothing focusable without individual selection', async () => {
    render();
    await screen.findByText('7 recipients selected');
    const list = screen.getByRole('list', { name: 'Recipient list' });
    expect(within(list).queryAllByRole('checkbox')).toHaveLength(0);
    expect(list).toHaveAttribute('tabindex', '0');
  });

  it('filters by the distinct roles of the users and by search', async () => {
    render();
    await screen.findByText('7 recipients selected');
    const roleFilter = screen.getByRole('combobox', { name: 'Filter recipients by role' });
    expect(within(roleFilter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All Roles', 'Student', 'Staff', 'Admin']);
    await userEvent.selectOptions(roleFilter, 'student');
    expect(screen.getByText('5 recipients selected')).toBeInTheDocument();
    expect(screen.queryByText(/more recipients/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search recipients' }), 'r4');
    expect(screen.getByText('1 recipient selected')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Selected recipients' })).getByText('Person 4')).toBeInTheDocument();
  });

  it('selects individual recipients, kept across filters', async () => {
    render();
    await screen.findByText('7 recipients selected');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select individual recipients' }));
    expect(screen.getByText('0 recipients selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Person 2/ }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter recipients by role' }), 'staff');
    await userEvent.click(screen.getByRole('checkbox', { name: /Person 3/ }));
    expect(screen.getByText('2 recipients selected')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Selected recipients' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Person 2', 'Person 3']);
  });

  it('picks recipients and previews them with pure helpers', () => {
    expect(filterRecipients(USERS, ' SOE ', 'admin').map((u) => u._id)).toEqual(['u7']);
    expect(chosenRecipients(USERS, USERS.slice(0, 2), true, new Set(['u7', 'u1'])).map((u) => u._id)).toEqual(['u1', 'u7']);
    expect(chosenRecipients(USERS, USERS.slice(0, 2), false, new Set(['u7']))).toHaveLength(2);
    expect(previewOf([1, 2, 3, 4, 5, 6, 7, 8])).toEqual({ shown: [1, 2, 3, 4, 5], more: 3 });
    expect(previewOf([1, 2])).toEqual({ shown: [1, 2], more: 0 });
  });
});

describe('loading the e-mail data', () => {
  it("refuses an answer without a 'users' array", async () => {
    api.userGroups.mockResolvedValue({ data: { groups: [] }, headers: {} });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent("Failed to load email data: Received invalid data structure from the server. Expected an object with a 'users' array.");
  });

  it('refuses an empty answer', async () => {
    api.userGroups.mockResolvedValue({ data: '', headers: {} });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load email data: No data received from the server. Please check your API endpoint.');
  });

  it('requires JSON', async () => {
    api.userGroups.mockResolvedValue({ data: '<html>gateway</html>', headers: { 'content-type': 'text/html' } });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load email data: Received non-JSON response from server');
  });

  it('names the failing call, preferring the server message', async () => {
    api.userGroups.mockRejectedValue(serverError(500));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load email data: Failed to fetch user groups. Check API endpoint and server logs.');
  });

  it('says when the templates could not be fetched', async () => {
    api.templates.mockRejectedValue(serverError(500));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load email data: Failed to fetch email templates');
  });

  it('tolerates a missing templates list', async () => {
    api.templates.mockResolvedValue({ data: {} });
    render();
    await screen.findByText('7 recipients selected');
    expect(within(screen.getByRole('combobox', { name: 'Template' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['No Template']);
    expect(recipientsFrom({ users: [{ _id: 'x' }, null] })).toEqual([{ _id: 'x' }]);
  });
});

describe('composer rules', () => {
  it('keeps Send Email disabled without subject or content, and validates trimmed values', async () => {
    render();
    await screen.findByText('7 recipients selected');
    expect(sendButton()).toBeDisabled();
    fireEvent.change(subjectBox(), { target: { value: '   ' } });
    expect(sendButton()).toBeDisabled();
    fireEvent.change(await contentBox(), { target: { value: '<p>Hi</p>' } });
    expect(sendButton()).toBeEnabled();
    await userEvent.click(sendButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a subject');
    fireEvent.change(subjectBox(), { target: { value: 'Hello' } });
    fireEvent.change(await contentBox(), { target: { value: '<p>  </p>' } });
    await userEvent.click(sendButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter email content');
    expect(api.send).not.toHaveBeenCalled();
  });

  it('keeps Send Email disabled without recipients', async () => {
    render();
    await screen.findByText('7 recipients selected');
    await compose();
    expect(sendButton()).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select individual recipients' }));
    expect(sendButton()).toBeDisabled();
  });

  it('checks recipients, subject, content, schedule and template name in the spec order', () => {
    const email = { recipients: ['u1'], subject: 'Hi', content: '<p>x</p>', trackOpens: true, scheduleSend: false, scheduledAt: '' };
    const now = new Date('2030-01-01T00:00:00Z');
    expect(sendProblem({ ...email, recipients: [], subject: '' }, now)).toBe('Please select at least one recipient');
    expect(sendProblem({ ...email, subject: ' ' }, now)).toBe('Please enter a subject');
    expect(sendProblem({ ...email, content: '<p><br></p>' }, now)).toBe('Please enter email content');
    expect(sendProblem({ ...email, scheduleSend: true, scheduledAt: '2029-12-01T10:00' }, now)).toBe('Please choose a date and time in the future');
    expect(sendProblem(email, now)).toBeNull();
    expect(templateProblem({ name: ' ', subject: 'Hi', content: '<p>x</p>' })).toBe('Please enter a template name');
    expect(scheduledInstant({ scheduleSend: false, scheduledAt: '2030-02-01T10:00' })).toBeNull();
    expect(scheduledInstant({ scheduleSend: true, scheduledAt: '' })).toBeNull();
    expect(scheduledInstant({ scheduleSend: true, scheduledAt: '2030-02-01T10:00' })).toBe(new Date('2030-02-01T10:00').toISOString());
  });

  it('builds the multipart body of the spec', () => {
    const file = new File(['%PDF'], 'brochure.pdf', { type: 'application/pdf' });
    const form = sendFormData({ recipients: ['u1', 'u2'], subject: ' Hi ', content: '<p>x</p>', trackOpens: false, scheduleSend: false, scheduledAt: '2030-02-01T10:00' }, [file]);
    expect(form.get('subject')).toBe('Hi');
    expect(form.get('content')).toBe('<p>x</p>');
    expect(form.get('trackOpens')).toBe('false');
    expect(form.get('recipients')).toBe('["u1","u2"]');
    expect(form.has('scheduledDateTime')).toBe(false);
    expect((form.getAll('attachments')[0] as File).name).toBe('brochure.pdf');
  });

  it('fills subject and content from a template', async () => {
    render();
    await screen.findByText('7 recipients selected');
    const chooser = screen.getByRole('combobox', { name: 'Template' });
    expect(within(chooser).getAllByRole('option').map((o) => o.textContent)).toEqual(['No Template', 'Drive notice']);
    await userEvent.selectOptions(chooser, 't1');
    expect(subjectBox()).toHaveValue('Campus drive');
    expect(await contentBox()).toHaveValue('<p>Drive on Monday</p>');
  });

  it('adds and removes attachments', async () => {
    render();
    await screen.findByText('7 recipients selected');
    const input = screen.getByLabelText('Attachments', { selector: 'input' });
    await userEvent.upload(input, [new File(['a'], 'a.pdf', { type: 'application/pdf' }), new File(['bb'], 'b.png', { type: 'image/png' })]);
    const list = screen.getByRole('list', { name: 'Attachments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('b.png')]);
  });

  it('tracks opens by default', async () => {
    render();
    await screen.findByText('7 recipients selected');
    expect(screen.getByRole('checkbox', { name: 'Track Email Opens' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Save as Template' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Schedule Send' })).not.toBeChecked();
  });
});

describe('saving a template', () => {
  it('asks for a name, saves, lists it and hides the message after 3 s', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      api.saveTemplate.mockResolvedValue({ data: { message: 'Template saved successfully', template: { _id: 't2', name: 'Alumni meet', subject: 'Hello', content: '<p>Hi all</p>' } } });
      render();
      await screen.findByText('7 recipients selected');
      await compose();
      await user.click(screen.getByRole('checkbox', { name: 'Save as Template' }));
      await user.click(screen.getByRole('button', { name: 'Save Template' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a template name');
      expect(api.saveTemplate).not.toHaveBeenCalled();

      await user.type(screen.getByRole('textbox', { name: 'Template Name' }), 'Alumni meet');
      await user.click(screen.getByRole('button', { name: 'Save Template' }));
      expect(api.saveTemplate).toHaveBeenCalledWith({ name: 'Alumni meet', subject: 'Hello', content: '<p>Hi all</p>' });
      expect(await screen.findByText('Template saved successfully')).toBeInTheDocument();
      expect(within(screen.getByRole('combobox', { name: 'Template' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['No Template', 'Alumni meet', 'Drive notice']);
      await act(async () => jest.advanceTimersByTime(2999));
      expect(screen.getByText('Template saved successfully')).toBeInTheDocument();
      await act(async () => jest.advanceTimersByTime(1));
      expect(screen.queryByText('Template saved successfully')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the failure with the server message, or the fallback', async () => {
    api.saveTemplate.mockRejectedValueOnce(serverError(400, 'This template already exists.')).mockRejectedValueOnce(serverError(500));
    render();
    await screen.findByText('7 recipients selected');
    await compose();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Save as Template' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Template Name' }), 'Drive');
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Failed to save template: This template already exists.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Failed to save template: Failed to save template')).toBeInTheDocument();
  });
});

describe('sending', () => {
  it('follows the real campaign progress, then says so and resets the form after 3 s', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      api.send.mockResolvedValue({ data: { message: 'Email sent successfully to 7 recipients', campaignId: 'c1', recipients: 7, scheduledFor: null, position: 9 } });
      api.campaign
        .mockRejectedValueOnce(serverError(404, 'Campaign not found'))
        .mockResolvedValueOnce({ data: { campaign: campaign({ sent: 3, pending: 4, progress: 43 }) } })
        .mockResolvedValueOnce({ data: { campaign: campaign({ sent: 7, pending: 0, progress: 100, status: 'completed' }) } });
      render();
      await screen.findByText('7 recipients selected');
      await compose();
      await user.click(sendButton());

      expect(api.send).toHaveBeenCalledTimes(1);
      const form = lastSentForm();
      expect(JSON.parse(form.get('recipients') as string)).toEqual(USERS.map((u) => u._id));
      expect(form.get('trackOpens')).toBe('true');
      expect(form.has('scheduledDateTime')).toBe(false);
      await waitFor(() => expect(api.campaign).toHaveBeenCalledWith('c1'));
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
      expect(sendButton()).toBeDisabled();

      await act(async () => jest.advanceTimersByTime(1000));
      await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '43'));
      expect(screen.getByText('Sending: 43% (3 of 7 sent)')).toBeInTheDocument();

      await act(async () => jest.advanceTimersByTime(1000));
      expect(await screen.findByText('Email sent successfully to 7 recipients')).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      expect(api.campaign).toHaveBeenCalledTimes(3);
      expect(subjectBox()).toHaveValue('Hello');

      await act(async () => jest.advanceTimersByTime(3000));
      expect(screen.queryByText('Email sent successfully to 7 recipients')).not.toBeInTheDocument();
      expect(subjectBox()).toHaveValue('');
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(api.campaigns).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reports recipients the notifier gave up on', async () => {
    api.send.mockResolvedValue({ data: { message: 'queued', campaignId: 'c1', recipients: 7, scheduledFor: null, position: 9 } });
    api.campaign.mockResolvedValue({ data: { campaign: campaign({ sent: 5, failed: 2, pending: 0, progress: 100, status: 'completed' }) } });
    render();
    await screen.findByText('7 recipients selected');
    await compose();
    await userEvent.click(sendButton());
    expect(await screen.findByText('Email sent successfully to 5 recipients')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to send email: 2 of 7 recipients could not be reached');
  });

  it('schedules: the date-time is sent only when Schedule Send is on, and nothing is polled', async () => {
    api.send.mockResolvedValue({ data: { message: 'Email scheduled for 2030-02-01T04:30:00.000Z to 7 recipients', campaignId: 'c2', recipients: 7, scheduledFor: '2030-02-01T04:30:00.000Z', position: 9 } });
    render();
    await screen.findByText('7 recipients selected');
    await compose();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Schedule Send' }));
    expect(sendButton()).toHaveTextContent('Schedule Email');
    fireEvent.change(screen.getByLabelText('Send At'), { target: { value: '2030-02-01T10:00' } });
    await userEvent.click(sendButton());
    expect(await screen.findByText('Email scheduled for 2030-02-01T04:30:00.000Z to 7 recipients')).toBeInTheDocument();
    expect(lastSentForm().get('scheduledDateTime')).toBe(new Date('2030-02-01T10:00').toISOString());
    expect(api.campaign).not.toHaveBeenCalled();
  });

  it('refuses a schedule in the past', async () => {
    render();
    await screen.findByText('7 recipients selected');
    await compose();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Schedule Send' }));
    fireEvent.change(screen.getByLabelText('Send At'), { target: { value: '2001-02-01T10:00' } });
    await userEvent.click(sendButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a date and time in the future');
    expect(api.send).not.toHaveBeenCalled();
  });

  it('shows the attachments upload progress', async () => {
    api.send.mockImplementation((_form: FormData, onProgress: (event: { loaded: number; total: number }) => void) => {
      // Progress arrives once the request is under way, after the saga listens.
      setTimeout(() => onProgress({ loaded: 50, total: 100 }), 0);
      return new Promise(() => undefined);
    });
    render();
    await screen.findByText('7 recipients selected');
    await compose();
    await userEvent.upload(screen.getByLabelText('Attachments', { selector: 'input' }), new File(['a'], 'a.pdf', { type: 'application/pdf' }));
    await userEvent.click(sendButton());
    expect(await screen.findByText('Uploading attachments: 50%')).toBeInTheDocument();
    expect((lastSentForm().getAll('attachments')[0] as File).name).toBe('a.pdf');
    expect(sendButton()).toBeDisabled();
  });

  it('clears the sending state on failure and shows the reason', async () => {
    api.send.mockRejectedValueOnce(serverError(400, 'These recipients do not exist: u9')).mockRejectedValueOnce(serverError(500));
    render();
    await screen.findByText('7 recipients selected');
    await compose();
    await userEvent.click(sendButton());
    expect(await screen.findByText('Failed to send email: These recipients do not exist: u9')).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
    await userEvent.click(sendButton());
    expect(await screen.findByText('Failed to send email: Failed to send email')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('campaign list', () => {
  it('lists campaigns with sent, failed and opened counts', async () => {
    api.campaigns.mockResolvedValue({
      data: {
        campaigns: [
          campaign({ _id: 'c1', subject: 'Drive', sent: 6, failed: 1, opened: 3, openRate: 50, progress: 100, status: 'completed' }),
          campaign({ _id: 'c2', subject: 'Later', status: 'scheduled', trackOpens: false }),
        ],
      },
    });
    render();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows[0]!.slice(0, 6)).toEqual(['Drive', 'Completed', '7', '6', '1', '3 (50%)']);
    expect(rows[1]!.slice(0, 6)).toEqual(['Later', 'Scheduled', '7', '0', '0', 'Not tracked']);
  });

  it('says when there are none', async () => {
    render();
    expect(await screen.findByText(EMAIL_TEXT.noCampaigns)).toBeInTheDocument();
  });
});
