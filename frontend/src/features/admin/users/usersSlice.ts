import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Sort } from '../table/SortableHeader';
import { serverPagedReducers } from '../sliceReducers';
import { firstPage, type ServerPaging } from '../table/serverPaging';
import type { AdminUser, Role, StudentProfile, UserForm } from '../types';

export const USER_MESSAGES = {
  loading: 'Loading users...',
  empty: 'No users found.',
  invalidResponse: 'Invalid response format from server',
  loadFailed: (reason: string) => `Failed to load users: ${reason || 'Unknown error'}`,
  createFailed: 'Failed to create user',
  updateFailed: 'Failed to update user',
  deleteFailed: 'Failed to delete user.',
  roleFailed: (role: string) => `Failed to change user role to ${role}.`,
  bulkDeleteFailed: 'Failed to delete some users.',
  bulkRoleFailed: (role: string) => `Failed to change role to ${role} for some users.`,
  detailsFailed: 'Failed to fetch student details.',
  confirmDelete: 'Are you sure you want to delete this user? This action cannot be undone.',
  confirmBulkDelete: (n: number) => `Are you sure you want to delete ${n} users? This action cannot be undone.`,
  confirmBulkRole: (n: number, role: string) => `Are you sure you want to change the role of ${n} users to ${role}?`,
} as const;

export type RoleFilter = 'all' | Role;
/** The user table's columns that sort on a header click (the server sorts text numeric-aware). */
export type UserSortField = 'fullName' | 'email' | 'role' | 'status' | 'createdAt';
export const DEFAULT_USER_SORT: Sort<UserSortField> = { field: 'createdAt', order: 'desc' };
export type FormModal = { mode: 'add' } | { mode: 'edit'; user: AdminUser } | null;

export interface UsersState {
  items: AdminUser[];
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: string | null;
  roleFilter: RoleFilter;
  search: string;
  /** A university holds tens of thousands of accounts: the server pages and sorts them. */
  paging: ServerPaging<UserSortField>;
  selected: string[];
  busy: boolean;
  form: FormModal;
  formError: string | null;
  details: { user: AdminUser; profile: StudentProfile | null; loading: boolean } | null;
}

const initialState: UsersState = {
  items: [],
  status: 'idle',
  error: null,
  roleFilter: 'all',
  search: '',
  paging: firstPage(DEFAULT_USER_SORT),
  selected: [],
  busy: false,
  form: null,
  formError: null,
  details: null,
};

const slice = createSlice({
  name: 'adminUsers',
  initialState,
  reducers: {
    /** The page shown again, or, with a role filter or a search, the first page of what they match. */
    usersRequested(state, action: PayloadAction<{ roleFilter?: RoleFilter; search?: string } | undefined>) {
      if (action.payload?.roleFilter !== undefined) state.roleFilter = action.payload.roleFilter;
      if (action.payload?.search !== undefined) state.search = action.payload.search;
      if (action.payload?.roleFilter !== undefined || action.payload?.search !== undefined) state.paging.page = 1;
      state.status = 'loading';
    },
    ...serverPagedReducers<UserSortField>(),
    usersLoaded(state, action: PayloadAction<{ users: AdminUser[]; total: number }>) {
      state.items = action.payload.users;
      state.paging.total = action.payload.total;
      state.status = 'succeeded';
      state.selected = [];
    },
    usersFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    errorShown(state, action: PayloadAction<string>) {
      state.error = action.payload;
      state.busy = false;
    },
    errorDismissed(state) {
      state.error = null;
    },
    selectionChanged(state, action: PayloadAction<string[]>) {
      state.selected = action.payload;
    },
    formOpened(state, action: PayloadAction<FormModal>) {
      state.form = action.payload;
      state.formError = null;
    },
    formClosed(state) {
      state.form = null;
      state.formError = null;
    },
    createRequested(state, _action: PayloadAction<UserForm>) {
      state.busy = true;
      state.formError = null;
    },
    updateRequested(state, _action: PayloadAction<{ id: string; form: UserForm }>) {
      state.busy = true;
      state.formError = null;
    },
    formSucceeded(state) {
      state.busy = false;
      state.form = null;
    },
    formFailed(state, action: PayloadAction<string>) {
      state.busy = false;
      state.formError = action.payload;
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.busy = true;
      state.error = null;
    },
    roleChangeRequested(state, _action: PayloadAction<{ id: string; role: Role }>) {
      state.busy = true;
      state.error = null;
    },
    bulkDeleteRequested(state, _action: PayloadAction<string[]>) {
      state.busy = true;
      state.error = null;
    },
    bulkRoleRequested(state, _action: PayloadAction<{ ids: string[]; role: Role }>) {
      state.busy = true;
      state.error = null;
    },
    actionSucceeded(state) {
      state.busy = false;
    },
    bulkSucceeded(state) {
      state.busy = false;
      state.selected = [];
    },
    detailsRequested(state, action: PayloadAction<AdminUser>) {
      state.details = { user: action.payload, profile: null, loading: action.payload.role === 'student' };
    },
    detailsLoaded(state, action: PayloadAction<StudentProfile | null>) {
      if (state.details) state.details = { ...state.details, profile: action.payload, loading: false };
    },
    /** What a command changed of the shown user. */
    detailsUserUpdated(state, action: PayloadAction<Pick<AdminUser, '_id'> & Partial<AdminUser>>) {
      if (state.details && state.details.user._id === action.payload._id) state.details.user = { ...state.details.user, ...action.payload };
    },
    detailsClosed(state) {
      state.details = null;
    },
  },
});

export const {
  usersRequested,
  pageChosen,
  sorted,
  usersLoaded,
  usersFailed,
  errorShown,
  errorDismissed,
  selectionChanged,
  formOpened,
  formClosed,
  createRequested,
  updateRequested,
  formSucceeded,
  formFailed,
  deleteRequested,
  roleChangeRequested,
  bulkDeleteRequested,
  bulkRoleRequested,
  actionSucceeded,
  bulkSucceeded,
  detailsRequested,
  detailsLoaded,
  detailsUserUpdated,
  detailsClosed,
} = slice.actions;
export const adminUsersReducer = slice.reducer;
