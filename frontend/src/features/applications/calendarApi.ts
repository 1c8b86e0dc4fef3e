import type { CalendarFeedIssuedReply, CalendarFeedStatus, CommandMessageReply } from '@placement/domain';
import { http } from '../../shared/api/http';

export type { CalendarFeedStatus };

/** The student's private calendar feed (issue 16 part 2): whether one is live, create or replace it (its URL comes once), revoke it. */
export const calendarFeedApi = {
  status: () => http.get<CalendarFeedStatus>('/api/calendar-feed'),
  create: () => http.post<CalendarFeedIssuedReply>('/api/calendar-feed'),
  revoke: () => http.delete<CommandMessageReply>('/api/calendar-feed'),
};
