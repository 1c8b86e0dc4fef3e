import { profileReplySchema, userListSchema, userStatsSchema } from '@placement/domain';
import { actorOf, HttpError, type RouteSpec } from '@placement/platform';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { sendList } from '../lists';
import { userReads, usersListQuery, type UsersListQuery } from './queries';
import { profileView, USER_QUERY_MESSAGES, userRow, userStatsReply } from './views';

/** The accounts' query routes: reads from ./queries, replies from ./views, contracts from the domain. */
export function userRoutes(deps: QueryApiDeps): RouteSpec[] {
  const reads = userReads(deps);
  const consistent = consistentWith(deps, ['users']);
  const caching = answerCachingOf(deps);

  const ownProfileRoute = (path: string, action: 'auth.me' | 'profile.readOwn', summary: string): RouteSpec => ({
    method: 'get',
    paths: [path],
    action,
    summary,
    tags: ['profile'],
    before: [consistent],
    responds: { status: 200, description: "The caller's account and student profile; files as /uploads/… paths", schema: profileReplySchema },
    handler: async (_req, res) => {
      res.json(profileView(await reads.ownAccount(actorOf(res).id!)));
    },
  });

  return [
    ownProfileRoute('/api/auth/me', 'auth.me', 'The signed-in account (its role among the rest)'),
    ownProfileRoute('/api/profile/me', 'profile.readOwn', "The signed-in user's profile: the profile page, the profile form and the sidebar"),
    {
      method: 'get',
      paths: ['/profile/user/:id'],
      action: 'profile.readAny',
      summary: "Any user's full student profile (the admin's details modal)",
      tags: ['users'],
      before: [consistent],
      responds: { status: 200, description: 'The account and its student profile', schema: profileReplySchema },
      handler: async (req, res) => {
        const user = await reads.account(String(req.params.id));
        if (!user) throw new HttpError(404, USER_QUERY_MESSAGES.notFound);
        res.json(profileView(user));
      },
    },
    {
      method: 'get',
      paths: ['/api/admin/users'],
      action: 'users.list',
      summary:
        'Users, newest first by default; role filter, case-insensitive search in name, e-mail and roll no, sort by a column; the whole list unless page or limit is given (X-Total-Count: all matches)',
      tags: ['users'],
      before: [consistent],
      query: usersListQuery,
      responds: { status: 200, description: 'A bare array of users', schema: userListSchema },
      handler: cachedByPosition(caching, 'users.list', { projections: ['users'], identity: 'everyone' }, async (_req, res) => {
        const { items, total } = await reads.listing(res.locals.query as UsersListQuery);
        sendList(res, items.map(userRow), total);
      }),
    },
    {
      method: 'get',
      paths: ['/api/admin/stats/users'],
      action: 'users.stats',
      summary: 'User statistics: pendingApprovals counts accounts whose e-mail is not verified yet; activeUsers those whose status is active',
      tags: ['users', 'statistics'],
      before: [consistent],
      responds: { status: 200, description: 'The dashboard figures', schema: userStatsSchema },
      handler: cachedByPosition(caching, 'users.stats', { projections: ['users'], identity: 'everyone' }, async (_req, res) => {
        res.json(userStatsReply(await reads.userCounts()));
      }),
    },
  ];
}
