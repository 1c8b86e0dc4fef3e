import type { PayloadAction } from '@reduxjs/toolkit';
import { sortedBy, type ServerPaging } from './table/serverPaging';

/** Case reducers shared by the admin slices whose state has the same fields, spread into each slice's `reducers`. */

/** A section's dismissable error and success banners: a success replaces the error. */
export const bannerReducers = {
  errorDismissed(state: { error: string | null }) {
    state.error = null;
  },
  successShown(state: { error: string | null; success: string | null }, action: PayloadAction<string>) {
    state.success = action.payload;
    state.error = null;
  },
  successHidden(state: { success: string | null }) {
    state.success = null;
  },
};

/** A table's ticked rows, and the end of a (bulk) action, which may leave some of them ticked (those that failed). */
export const selectionReducers = {
  selectionChanged(state: { selected: string[] }, action: PayloadAction<string[]>) {
    state.selected = action.payload;
  },
  actionFinished(state: { selected: string[]; busy: boolean }, action: PayloadAction<{ selected?: string[] } | undefined>) {
    state.busy = false;
    if (action.payload?.selected) state.selected = action.payload.selected;
  },
};

/** A table paged and sorted by the server (table/serverPaging.ts): a page chosen, or a header clicked (from page 1), loads again. */
export const serverPagedReducers = <Field extends string>() => ({
  pageChosen(state: { paging: ServerPaging<Field>; status: string }, action: PayloadAction<number>) {
    state.paging.page = action.payload;
    state.status = 'loading';
  },
  sorted(state: { paging: ServerPaging<Field>; status: string }, action: PayloadAction<Field>) {
    state.paging = sortedBy(state.paging, action.payload);
    state.status = 'loading';
  },
});
