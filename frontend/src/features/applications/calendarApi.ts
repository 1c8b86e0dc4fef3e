import { http } from '../../shared/api/http';

export interface CalendarFeedStatus {
  active: boolean;
  issuedAt: string | null;
}

/** The student's private calendar feed (issue 16 part 2): whether one is live, create or replace it (its URL comes once), revoke it. */
export const calendarFeedApi = {
  status: () => http.get<CalendarFeedStatus>('/api/calendar-feed'),
  create: () => http.post<{ message: string; url: string; issuedAt: string }>('/api/calendar-feed'),
  revoke: () => http.delete<{ message: string }>('/api/calendar-feed'),
};
