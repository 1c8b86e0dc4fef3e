import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** Toasts requested by sagas and components; <Notifications/> shows them with PrimeReact's Toast. */
export type Severity = 'success' | 'info' | 'warn' | 'error';

export interface Notification {
  id: string;
  severity: Severity;
  summary: string;
  detail?: string;
}

export interface NotificationsState {
  queue: Notification[];
}

const initialState: NotificationsState = { queue: [] };

const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notify: {
      reducer(state, action: PayloadAction<Notification>) {
        state.queue.push(action.payload);
      },
      prepare(notification: Omit<Notification, 'id'>) {
        return { payload: { ...notification, id: nanoid() } };
      },
    },
    notificationsShown(state, action: PayloadAction<string[]>) {
      state.queue = state.queue.filter((entry) => !action.payload.includes(entry.id));
    },
  },
});

export const { notify, notificationsShown } = notificationsSlice.actions;
export const notificationsReducer = notificationsSlice.reducer;
