import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { renderWithApp, signedIn, findOpenedDialog } from '../../../test/render';
import { api, resetApi } from '../test/mockApi';
import { UserManagement } from './UserManagement';
import { usersFrom } from './sagas';

jest.mock('../api', () => ({
  adminApi: Object.fromEntries(
    ['listUsers', 'createUser', 'updateUser', 'deleteUser', 'changeRole', 'bulkDelete', 'bulkRole', 'studentProfile'].map((name) => [name, jest.fn()]),
  ),
}));

const serverError = (message?: string) =>
  new AxiosError('Request failed', '400', undefined, undefined, { status: 400, statusText: '', data: message ? { message } : {}, headers: {}, config: { headers: new AxiosHeaders() } });

// As the server answers the first page: newest first.
const USERS = [
  { _id: 'u2', fullName: 'Student 10', email: 's10@university.edu', role: 'student', createdAt: '2026-03-01T10:00:00.000Z' },
  { _id: 'u3', fullName: 'Priya Staff', email: 'priya@university.edu', role: 'staff', status: 'suspended', createdAt: '2026-02-01T10:00:00.000Z', mobileNo: '9876543210' },
  { _id: 'u1', fullName: 'Student 2', email: 's2@university.edu', role: 'student', status: 'active', rollNo: 'R2', createdAt: '2026-01-02T10:00:00.000Z' },
];
const NEWEST_FIRST = { page: 1, sort: { field: 'createdAt', order: 'desc' } };
/** A page of the server's reply, with the count of every match in its header. */
const pageOf = (users: object[], total = users.length) => ({ data: users, headers: { 'x-total-count': String(total) } });

let confirmSpy: jest.SpyInstance;
beforeEach(() => {
  api.listUsers.mockResolvedValue(pageOf(USERS));
  confirmSpy = jest.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  resetApi();
  confirmSpy.mockRestore();
});

const render = () => renderWithApp(<UserManagement />, { auth: signedIn('admin'), withSagas: true });
const names = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('UserManagement list', () => {
  it('shows the header, filters, loading text and rows newest first', async () => {
    render();
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    expect(await screen.findByText('Priya Staff')).toBeInTheDocument();
    expect(names()).toEqual(['Student 10', 'Priya Staff', 'Student 2']);
    expect(within(screen.getByRole('combobox', { name: 'Filter by role' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['All Users', 'Students', 'Staff', 'Admins']);
    // a missing status is shown as active
    const row = screen.getByText('Student 10').closest('tr')!;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Student')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('asks the server for a header’s order (numeric-aware there), ascending first, then toggled, from the first page', async () => {
    render();
    await screen.findByText('Priya Staff');
    expect(api.listUsers).toHaveBeenLastCalledWith('all', '', NEWEST_FIRST);
    api.listUsers.mockResolvedValue(pageOf([USERS[1]!, USERS[2]!, USERS[0]!]));
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith('all', '', { page: 1, sort: { field: 'fullName', order: 'asc' } }));
    // The rows stay in the server's order.
    await waitFor(() => expect(names()).toEqual(['Priya Staff', 'Student 2', 'Student 10']));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveTextContent('Name ↑');
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith('all', '', { page: 1, sort: { field: 'fullName', order: 'desc' } }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages through the matching users by the count the server answers, back to page 1 when the filter or search changes', async () => {
    api.listUsers.mockResolvedValue(pageOf(USERS, 120));
    render();
    await screen.findByText('Priya Staff');
    const pager = () => screen.getByRole('navigation', { name: 'User list pages' });
    expect(within(pager()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Previous', '1', '2', '3', 'Next']);
    await userEvent.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith('all', '', { ...NEWEST_FIRST, page: 2 }));
    await waitFor(() => expect(within(pager()).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    // Refresh keeps the page; a role filter or a search goes back to the first.
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.listUsers).toHaveBeenCalledTimes(3));
    expect(api.listUsers).toHaveBeenLastCalledWith('all', '', { ...NEWEST_FIRST, page: 2 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'student');
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith('student', '', NEWEST_FIRST));
    await userEvent.click(within(pager()).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith('student', '', { ...NEWEST_FIRST, page: 3 }));
    await userEvent.type(screen.getByPlaceholderText('Search by name, email, or roll no'), 'student');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith('student', 'student', NEWEST_FIRST));
  });

  it('goes to the last page when the page asked for lies past the end (users deleted meanwhile)', async () => {
    api.listUsers.mockResolvedValue(pageOf(USERS, 120));
    render();
    await screen.findByText('Priya Staff');
    api.listUsers.mockImplementation((_role: string, _search: string, paging: { page: number }) => Promise.resolve(paging.page === 3 ? pageOf([], 60) : pageOf(USERS, 60)));
    await userEvent.click(within(screen.getByRole('navigation', { name: 'User list pages' })).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith('all', '', { ...NEWEST_FIRST, page: 2 }));
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'User list pages' })).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
  });

  it('shows no pager while every match fits on one page', async () => {
    render();
    await screen.findByText('Priya Staff');
    expect(screen.queryByRole('navigation', { name: 'User list pages' })).not.toBeInTheDocument();
  });

  it('filters by role and searches', async () => {
    render();
    await screen.findByText('Priya Staff');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'staff');
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith('staff', '', NEWEST_FIRST));
    await userEvent.type(screen.getByPlaceholderText('Search by name, email, or roll no'), 'priya');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.listUsers).toHaveBeenLastCalledWith('staff', 'priya', NEWEST_FIRST));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.listUsers).toHaveBeenCalledTimes(4));
  });

  it('shows the empty text', async () => {
    api.listUsers.mockResolvedValue({ data: { data: [] } });
    render();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('accepts a bare array or a data array and rejects anything else', () => {
    expect(usersFrom([USERS[0]])).toHaveLength(1);
    expect(usersFrom({ data: USERS })).toHaveLength(3);
    expect(() => usersFrom({ users: [] })).toThrow('Invalid response format from server');
  });

  it('shows load failures in the banner', async () => {
    api.listUsers.mockResolvedValue({ data: 'nope' });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users: Invalid response format from server');
  });

  it('falls back to Unknown error', async () => {
    api.listUsers.mockRejectedValue(new Error(''));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users: Unknown error');
  });
});

describe('UserManagement add and edit', () => {
  it('requires the fields, and rollNo only for students', async () => {
    api.createUser.mockResolvedValue({ data: {} });
    render();
    await screen.findByText('Priya Staff');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Full name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Roll number is required for students')).toBeInTheDocument();
    expect(api.createUser).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText(/Full Name/), 'New Staff');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'new@university.edu');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'Secret#123');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), 'staff');
    expect(within(dialog).queryByLabelText(/Roll No/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(api.createUser).toHaveBeenCalledWith({ fullName: 'New Staff', email: 'new@university.edu', password: 'Secret#123', mobileNo: '', role: 'staff', status: 'active' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends rollNo for students and shows the server message or the fallback', async () => {
    api.createUser.mockRejectedValueOnce(serverError('Email already registered')).mockRejectedValueOnce(serverError());
    render();
    await screen.findByText('Priya Staff');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New User' });
    await userEvent.type(within(dialog).getByLabelText(/Full Name/), 'Ravi');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'ravi@university.edu');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'Secret#123');
    await userEvent.type(within(dialog).getByLabelText(/Roll No/), 'CS-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Email already registered')).toBeInTheDocument();
    expect(api.createUser).toHaveBeenCalledWith(expect.objectContaining({ role: 'student', rollNo: 'CS-01' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Failed to create user')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits without a password', async () => {
    api.updateUser.mockRejectedValueOnce(serverError()).mockResolvedValueOnce({ data: {} });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Priya Staff' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Full Name/)).toHaveValue('Priya Staff');
    expect(within(dialog).getByLabelText(/Status/)).toHaveValue('suspended');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Failed to update user')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.updateUser).toHaveBeenLastCalledWith('u3', { fullName: 'Priya Staff', email: 'priya@university.edu', mobileNo: '9876543210', role: 'staff', status: 'suspended' });
  });
});

describe('UserManagement delete and bulk actions', () => {
  it('asks before deleting and shows the failure', async () => {
    confirmSpy.mockReturnValueOnce(false);
    api.deleteUser.mockRejectedValue(serverError());
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Priya Staff' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete this user? This action cannot be undone.');
    expect(api.deleteUser).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Priya Staff' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete user.');
  });

  it('shows the bulk bar and deletes the selection after confirming', async () => {
    api.bulkDelete.mockResolvedValue({ data: { results: [{ id: 'u1', ok: true }, { id: 'u2', ok: true }] } });
    render();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Student 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Student 10' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete Selected' }));
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to delete 2 users? This action cannot be undone.');
    await waitFor(() => expect(api.bulkDelete).toHaveBeenCalledWith(['u1', 'u2']));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument());
  });

  it('reports a partly failed bulk delete', async () => {
    api.bulkDelete.mockResolvedValue({ data: { results: [{ id: 'u1', ok: false, status: 404, message: 'gone' }] } });
    render();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all users' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Selected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete some users.');
  });

  it('changes the role of the selection after confirming, and reports failures', async () => {
    api.bulkRole.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ data: { results: [{ id: 'u3', ok: true }] } });
    render();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Priya Staff' }));
    const dropdown = screen.getByRole('combobox', { name: 'Change Role' });
    expect(within(dropdown).getAllByRole('option').map((o) => o.textContent)).toEqual(['Change Role', 'Student', 'Staff', 'Admin']);
    await userEvent.selectOptions(dropdown, 'admin');
    expect(confirmSpy).toHaveBeenCalledWith('Are you sure you want to change the role of 1 users to admin?');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to change role to admin for some users.');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Priya Staff' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Change Role' }), 'admin');
    await waitFor(() => expect(api.bulkRole).toHaveBeenLastCalledWith(['u3'], 'admin'));
  });

  it('does nothing when the bulk role change is not confirmed', async () => {
    confirmSpy.mockReturnValue(false);
    render();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Priya Staff' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Change Role' }), 'student');
    expect(api.bulkRole).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Change Role' })).toHaveValue('');
  });
});

describe('UserManagement details modal', () => {
  it('shows a student profile with every fallback text', async () => {
    api.studentProfile.mockResolvedValue({ data: { ...USERS[2], fatherName: 'Mohan', skills: [], certifications: [], experience: [], education: {} } });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Student 2' }));
    const dialog = await findOpenedDialog('Student Profile');
    expect(await within(dialog).findByText('Mohan')).toBeInTheDocument();
    expect(api.studentProfile).toHaveBeenCalledWith('u1');
    expect(within(dialog).getAllByText('Not provided').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('None')).toBeInTheDocument();
    expect(within(dialog).getByText('No certifications')).toBeInTheDocument();
    expect(within(dialog).getByText('No experience')).toBeInTheDocument();
    expect(within(dialog).getByText('Not uploaded')).toBeInTheDocument();
    expect(within(dialog).getByText('Not available')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/N\/A/).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: 'Make Student' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Make Staff' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Make Admin' })).toBeEnabled();
    await userEvent.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the resume and certification files in a new tab, and falls back to the default avatar', async () => {
    api.studentProfile.mockResolvedValue({
      data: { ...USERS[2], profilePhoto: '/uploads/p.png', resume: '/uploads/r.pdf', certifications: [{ name: 'AWS', image: '/uploads/c.png' }], skills: [{ name: 'Go' }] },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Student 2' }));
    const dialog = await findOpenedDialog('Student Profile');
    const resume = await within(dialog).findByRole('link', { name: /View Resume/ });
    expect(resume).toHaveAttribute('href', '/uploads/r.pdf');
    expect(resume).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: 'View (opens in a new tab)' })).toHaveAttribute('href', '/uploads/c.png');
    expect(within(dialog).getByText('Go')).toBeInTheDocument();
    const photo = within(dialog).getByRole('img', { name: 'Profile photo of Student 2' });
    expect(photo).toHaveAttribute('src', '/uploads/p.png');
    photo.dispatchEvent(new Event('error'));
    await waitFor(() => expect(photo.getAttribute('src')).not.toBe('/uploads/p.png'));
  });

  it('shows the row data with the error when the profile fetch fails', async () => {
    api.studentProfile.mockRejectedValue(new Error('down'));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Student 2' }));
    const dialog = await findOpenedDialog('Student Profile');
    expect(await within(dialog).findByText('s2@university.edu')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch student details.')).toBeInTheDocument();
  });

  it('shows User Details for staff and changes the role, reporting a failure', async () => {
    api.changeRole.mockRejectedValueOnce(serverError()).mockResolvedValueOnce({ data: {} });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Priya Staff' }));
    const dialog = await findOpenedDialog('User Details');
    expect(api.studentProfile).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Make Staff' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('Failed to change user role to admin.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Make Admin' })).toBeDisabled());
    expect(api.changeRole).toHaveBeenLastCalledWith('u3', 'admin');
  });
});
