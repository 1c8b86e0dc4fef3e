import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { capitalise, localDateTime, sortBy, type SortOrder } from '../format';
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
  roleChangeRequested,
  selectionChanged,
  updateRequested,
  USER_MESSAGES,
  usersRequested,
  type RoleFilter,
} from './usersSlice';

type SortField = 'fullName' | 'email' | 'role' | 'status' | 'createdAt';
const COLUMNS: { field: SortField; label: string }[] = [
  { field: 'fullName', label: 'Name' },
  { field: 'email', label: 'Email' },
  { field: 'role', label: 'Role' },
  { field: 'status', label: 'Status' },
  { field: 'createdAt', label: 'Created' },
];
const FILTERS: { value: RoleFilter; label: string }[] = [
  { value: 'all', label: 'All Users' },
  { value: 'student', label: 'Students' },
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Admins' },
];

const statusOf = (user: AdminUser): string => user.status || 'active';
const valueOf = (user: AdminUser, field: SortField): unknown => (field === 'status' ? statusOf(user) : user[field]);

/** User Management (spec §2): role filter, search, refresh, sortable table, bulk bar, add/edit/details modals. */
export function UserManagement() {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.admin.users);
  const { items, status, error, roleFilter, selected, busy, form, formError, details } = state;
  const [searchText, setSearchText] = useState(state.search);
  const [sort, setSort] = useState<{ field: SortField; order: SortOrder }>({ field: 'createdAt', order: 'desc' });
  const [bulkRole, setBulkRole] = useState<'' | Role>('');

  useEffect(() => {
    dispatch(usersRequested());
  }, [dispatch]);

  const rows = useMemo(() => sortBy(items, (u) => valueOf(u, sort.field), sort.order), [items, sort]);
  const allSelected = rows.length > 0 && rows.every((u) => selected.includes(u._id));

  const toggleSort = (field: SortField) => setSort((s) => (s.field === field ? { field, order: s.order === 'asc' ? 'desc' : 'asc' } : { field, order: 'asc' }));
  const toggleOne = (id: string) => dispatch(selectionChanged(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]));
  const toggleAll = () => dispatch(selectionChanged(allSelected ? [] : rows.map((u) => u._id)));

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

      {error && (
        <div className="admin-banner admin-banner--error" role="alert">
          <span>{error}</span>
          <button type="button" className="admin-banner__close" onClick={() => dispatch(errorDismissed())} aria-label="Dismiss error">
            ×
          </button>
        </div>
      )}

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

      {status === 'loading' && items.length === 0 ? (
        <p className="admin-loading" role="status">
          {USER_MESSAGES.loading}
        </p>
      ) : (
        <table className="admin-table" aria-busy={status === 'loading'}>
          <caption className="visually-hidden">Users</caption>
          <thead>
            <tr>
              <th scope="col">
                <input type="checkbox" checked={allSelected} onChange={toggleAll} aria-label="Select all users" disabled={rows.length === 0} />
              </th>
              {COLUMNS.map((c) => (
                <th key={c.field} scope="col" aria-sort={sort.field === c.field ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
                  <button type="button" className="admin-table__sort" onClick={() => toggleSort(c.field)}>
                    {c.label}
                    {sort.field === c.field && <span aria-hidden="true">{sort.order === 'asc' ? ' ↑' : ' ↓'}</span>}
                  </button>
                </th>
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="admin-table__empty">
                  {USER_MESSAGES.empty}
                </td>
              </tr>
            ) : (
              rows.map((user) => {
                const name = user.fullName || user.email || user._id;
                return (
                  <tr key={user._id}>
                    <td>
                      <input type="checkbox" checked={selected.includes(user._id)} onChange={() => toggleOne(user._id)} aria-label={`Select ${name}`} />
                    </td>
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
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      )}

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
