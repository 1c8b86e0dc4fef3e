import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Pagination } from '../../../shared/components/Pagination';
import { ErrorBanner } from '../components/AdminBanners';
import { capitalise, localDateTime } from '../format';
import { SortableTable, type SortColumn } from '../table/SortableTable';
import { pageCount } from '../table/serverPaging';
import { ROLES, type AdminUser, type Role } from '../types';
import { UserDetailsModal } from './UserDetailsModal';
import { UserFormModal } from './UserFormModal';
import {
  bulkDeleteRequested,
  bulkRoleRequested,
  createRequested,
  deleteRequested,
  detailsClosed,
  detailsRequested,
  errorDismissed,
  formClosed,
  formOpened,
  pageChosen,
  roleChangeRequested,
  selectionChanged,
  sorted,
  updateRequested,
  USER_MESSAGES,
  usersRequested,
  type RoleFilter,
  type UserSortField,
} from './usersSlice';

const statusOf = (user: AdminUser): string => user.status || 'active';

const COLUMNS: SortColumn<AdminUser, UserSortField>[] = [
  { field: 'fullName', label: 'Name', value: (user) => user.fullName },
  { field: 'email', label: 'Email', value: (user) => user.email },
  { field: 'role', label: 'Role', value: (user) => user.role },
  { field: 'status', label: 'Status', value: statusOf },
  { field: 'createdAt', label: 'Created', value: (user) => user.createdAt },
];
const FILTERS: { value: RoleFilter; label: string }[] = [
  { value: 'all', label: 'All Users' },
  { value: 'student', label: 'Students' },
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Admins' },
];

/** How a user's checkbox and buttons name them. */
const userName = (user: AdminUser): string => user.fullName || user.email || user._id;

/** User Management (spec §2): role filter, search, refresh, a table paged and sorted by the server, bulk bar, add/edit/details modals. */
export function UserManagement() {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.admin.users);
  const { items, status, error, roleFilter, paging, selected, busy, form, formError, details } = state;
  const [searchText, setSearchText] = useState(state.search);
  const [bulkRole, setBulkRole] = useState<'' | Role>('');

  useEffect(() => {
    dispatch(usersRequested());
  }, [dispatch]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    dispatch(usersRequested({ search: searchText }));
  };
  const remove = (id: string) => {
    if (window.confirm(USER_MESSAGES.confirmDelete)) dispatch(deleteRequested(id));
  };
  const removeSelected = () => {
    if (window.confirm(USER_MESSAGES.confirmBulkDelete(selected.length))) dispatch(bulkDeleteRequested([...selected]));
  };
  const changeSelectedRole = (role: '' | Role) => {
    setBulkRole(role);
    if (!role) return;
    if (window.confirm(USER_MESSAGES.confirmBulkRole(selected.length, role))) dispatch(bulkRoleRequested({ ids: [...selected], role }));
    setBulkRole('');
  };

  return (
    <div className="admin-section">
      <div className="admin-section__header">
        <h2>User Management</h2>
        <button type="button" className="admin-btn admin-btn--primary" onClick={() => dispatch(formOpened({ mode: 'add' }))}>
          <i className="pi pi-plus" aria-hidden="true" /> Add User
        </button>
      </div>

      <ErrorBanner error={error} onDismiss={() => dispatch(errorDismissed())} />

      <div className="admin-toolbar">
        <label className="admin-toolbar__field">
          <span className="visually-hidden">Filter by role</span>
          <select className="admin-input" value={roleFilter} onChange={(e) => dispatch(usersRequested({ roleFilter: e.target.value as RoleFilter }))} aria-label="Filter by role">
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <form className="admin-toolbar__search" role="search" onSubmit={search}>
          <input
            type="search"
            className="admin-input"
            placeholder="Search by name, email, or roll no"
            aria-label="Search by name, email, or roll no"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
          <button type="submit" className="admin-btn">
            Search
          </button>
        </form>
        <button type="button" className="admin-btn" onClick={() => dispatch(usersRequested())}>
          <i className="pi pi-refresh" aria-hidden="true" /> Refresh
        </button>
      </div>

      {selected.length > 0 && (
        <div className="admin-bulkbar" role="region" aria-label="Bulk actions">
          <span>{selected.length} selected</span>
          <label>
            <span className="visually-hidden">Change Role</span>
            <select className="admin-input" value={bulkRole} disabled={busy} onChange={(e) => changeSelectedRole(e.target.value as '' | Role)} aria-label="Change Role">
              <option value="">Change Role</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {capitalise(r)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="admin-btn admin-btn--danger" disabled={busy} onClick={removeSelected}>
            Delete Selected
          </button>
        </div>
      )}

      <SortableTable
        caption="Users"
        columns={COLUMNS}
        rows={items}
        sort={paging.sort}
        onSort={(field) => dispatch(sorted(field))}
        loading={status === 'loading'}
        loadingText={USER_MESSAGES.loading}
        emptyText={USER_MESSAGES.empty}
        selection={{ selected, onChange: (ids) => dispatch(selectionChanged(ids)), allLabel: 'Select all users', rowLabel: (user) => `Select ${userName(user)}` }}
      >
        {(user) => {
          const name = userName(user);
          return (
            <>
              <td>{user.fullName || 'N/A'}</td>
              <td>{user.email || 'N/A'}</td>
              <td>
                <span className={`admin-badge admin-badge--role-${user.role ?? 'none'}`}>{capitalise(user.role) || 'N/A'}</span>
              </td>
              <td>
                <span className={`admin-badge admin-badge--status-${statusOf(user)}`}>{capitalise(statusOf(user))}</span>
              </td>
              <td>{localDateTime(user.createdAt)}</td>
              <td className="admin-table__actions">
                <button type="button" className="admin-btn admin-btn--small" onClick={() => dispatch(detailsRequested(user))} aria-label={`View ${name}`}>
                  View
                </button>
                <button type="button" className="admin-btn admin-btn--small" onClick={() => dispatch(formOpened({ mode: 'edit', user }))} aria-label={`Edit ${name}`}>
                  Edit
                </button>
                <button type="button" className="admin-btn admin-btn--small admin-btn--danger" disabled={busy} onClick={() => remove(user._id)} aria-label={`Delete ${name}`}>
                  Delete
                </button>
              </td>
            </>
          );
        }}
      </SortableTable>

      <Pagination page={paging.page} pages={pageCount(paging.total)} onPage={(chosen) => dispatch(pageChosen(chosen))} label="User list pages" previousLabel="Previous" />

      {form && (
        <UserFormModal
          key={form.mode === 'edit' ? form.user._id : 'add'}
          mode={form.mode}
          user={form.mode === 'edit' ? form.user : undefined}
          busy={busy}
          serverError={formError}
          onCancel={() => dispatch(formClosed())}
          onSubmit={(values) => dispatch(form.mode === 'edit' ? updateRequested({ id: form.user._id, form: values }) : createRequested(values))}
        />
      )}
      {details && (
        <UserDetailsModal
          user={details.user}
          profile={details.profile}
          loading={details.loading}
          busy={busy}
          onClose={() => dispatch(detailsClosed())}
          onChangeRole={(role) => dispatch(roleChangeRequested({ id: details.user._id, role }))}
        />
      )}
    </div>
  );
}
