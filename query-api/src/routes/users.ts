import type { Request, Response } from 'express';
import type { Filter } from 'mongodb';
import { profileReplySchema, ROLES, userListSchema, userStatsSchema, userStreamId } from '@placement/domain';
import { actorOf, HttpError, ReadModels, USER_COLLECTIONS, USER_STATS_ID, type RouteSpec, type UserDocument, type UserStatsDocument } from '@placement/platform';
import { z } from 'zod';
import { answerCachingOf, cachedByPosition } from '../answer-cache';
import { awaitPosition, consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { anyFieldContaining, DEFAULT_PAGE_SIZE, findListed, optionalText, pageOf, pagingQuery, sendList, sortByColumn, sortOrderQuery } from '../lists';
import { uploadUrl } from '../uploads';

export const USER_QUERY_MESSAGES = {
  notFound: 'User not found',
} as const;

/** The columns of the user table that sort on a header click, and what each sorts by (text by its bounded, indexed key). */
const USER_SORTS = {
  fullName: 'sort.fullName',
  email: 'sort.email',
  role: 'role',
  status: 'status',
  createdAt: 'createdAt',
} as const;

export const usersListQuery = z.object({
  role: z.enum([...ROLES, 'all']).optional(),
  search: optionalText(),
  sort: z.enum(Object.keys(USER_SORTS) as [keyof typeof USER_SORTS, ...(keyof typeof USER_SORTS)[]]).default('createdAt'),
  order: sortOrderQuery,
  ...pagingQuery,
});
type UsersListQuery = z.output<typeof usersListQuery>;

/** The profile page, the profile form and the admin's details modal: account fields, the student profile, files as download paths. */
export function profileView(user: UserDocument) {
  const profile = user.profile;
  return {
    _id: user._id,
    id: user._id,
    fullName: user.fullName,
    email: user.email,
    rollNo: user.rollNo,
    role: user.role,
    status: user.status,
    verified: user.verified,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    mobileNo: user.mobileNo,
    profileCompleted: profile !== null,
    whatsappNo: profile?.whatsappNo ?? null,
    mailId: profile?.mailId ?? null,
    fatherName: profile?.fatherName ?? null,
    fatherNumber: profile?.fatherNumber ?? null,
    education: profile?.education ?? null,
    school: profile?.school ?? null,
    existingBacklogs: profile?.existingBacklogs ?? null,
    areaOfInterest: profile?.areaOfInterest ?? null,
    skills: profile?.skills ?? [],
    hasCertifications: profile?.hasCertifications ?? false,
    // `imageKey` lets the form keep an image it does not upload again; `image` is where it opens.
    certifications: (profile?.certifications ?? []).map((certification) => ({ ...certification, image: uploadUrl(certification.imageKey) })),
    readyToRelocate: profile?.readyToRelocate ?? false,
    experience: profile?.experience ?? [],
    resume: uploadUrl(profile?.resumeKey),
    profilePhoto: uploadUrl(profile?.profilePhotoKey),
  };
}

/** What the list fetches of each user: the table's columns and the photo's key, never the whole profile. */
const LIST_FIELDS = { fullName: 1, email: 1, role: 1, status: 1, verified: 1, rollNo: 1, mobileNo: 1, createdAt: 1, updatedAt: 1, 'profile.profilePhotoKey': 1 } as const;
type ListedUser = Omit<UserDocument, 'profile' | 'lower' | 'sort'> & { profile?: { profilePhotoKey?: string | null } | null };


/** One row of the user management table. */
export const userRow = (user: ListedUser) => ({
  _id: user._id,
  id: user._id,
  fullName: user.fullName,
  email: user.email,
  role: user.role,
  status: user.status,
  verified: user.verified,
  rollNo: user.rollNo,
  mobileNo: user.mobileNo,
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
  profilePhoto: uploadUrl(user.profile?.profilePhotoKey),
});

function usersFilter(query: UsersListQuery): Filter<UserDocument> {
  const filter: Filter<UserDocument> = {};
  if (query.role && query.role !== 'all') filter.role = query.role;
  if (query.search) Object.assign(filter, anyFieldContaining(['lower.fullName', 'lower.email', 'lower.rollNo'], query.search));
  return filter;
}

export function userRoutes(deps: QueryApiDeps): RouteSpec[] {
  const readModels = new ReadModels(deps.db);
  const users = () => readModels.collection<UserDocument>('users', USER_COLLECTIONS.users);
  const consistent = consistentWith(deps, ['users']);
  const caching = answerCachingOf(deps);

  /**
   * The caller's own account. The account exists (authentication read it from its stream), so when the
   * read model does not hold it yet, wait for the projection to reach the stream's last event.
   */
  async function ownAccount(userId: string): Promise<UserDocument> {
    const found = await (await users()).findOne({ _id: userId });
    if (found) return found;
    const [last] = await deps.store.readStream(userStreamId(userId), { direction: 'backward', maxCount: 1 });
    if (last && (await awaitPosition(deps.db, ['users'], last.position))) {
      const caughtUp = await (await users()).findOne({ _id: userId });
      if (caughtUp) return caughtUp;
    }
    throw new HttpError(404, USER_QUERY_MESSAGES.notFound);
  }

  async function ownProfile(_req: Request, res: Response) {
    res.json(profileView(await ownAccount(actorOf(res).id!)));
  }

  async function anyProfile(req: Request, res: Response) {
    const user = await (await users()).findOne({ _id: String(req.params.id) });
    if (!user) throw new HttpError(404, USER_QUERY_MESSAGES.notFound);
    res.json(profileView(user));
  }

  /** Default: newest first; any other column ascending unless told otherwise. */
  async function list(res: Response) {
    const query = res.locals.query as UsersListQuery;
    const { items, total } = await findListed(await users(), usersFilter(query), {
      sort: sortByColumn(USER_SORTS, query.sort, query.order, ['createdAt']),
      page: pageOf(query, DEFAULT_PAGE_SIZE),
      projection: LIST_FIELDS,
    });
    sendList(res, items.map((user) => userRow(user as ListedUser)), total);
  }

  async function stats(res: Response) {
    const counters = await (await readModels.collection<UserStatsDocument>('users', USER_COLLECTIONS.stats)).findOne({ _id: USER_STATS_ID });
    const count = (counter: Exclude<keyof UserStatsDocument, '_id'>) => counters?.[counter] ?? 0;
    res.json({
      totalUsers: count('total'),
      activeUsers: count('active'),
      pendingApprovals: count('unverified'),
      students: count('student'),
      staff: count('staff'),
      admins: count('admin'),
    });
  }

  const ownProfileRoute = (path: string, action: 'auth.me' | 'profile.readOwn', summary: string): RouteSpec => ({
    method: 'get',
    paths: [path],
    action,
    summary,
    tags: ['profile'],
    before: [consistent],
    responds: { status: 200, description: "The caller's account and student profile; files as /uploads/… paths", schema: profileReplySchema },
    handler: ownProfile,
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
      handler: anyProfile,
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
      handler: cachedByPosition(caching, 'users.list', { projections: ['users'], identity: 'everyone' }, (_req, res) => list(res)),
    },
    {
      method: 'get',
      paths: ['/api/admin/stats/users'],
      action: 'users.stats',
      summary: 'User statistics: pendingApprovals counts accounts whose e-mail is not verified yet; activeUsers those whose status is active',
      tags: ['users', 'statistics'],
      before: [consistent],
      responds: { status: 200, description: 'The dashboard figures', schema: userStatsSchema },
      handler: cachedByPosition(caching, 'users.stats', { projections: ['users'], identity: 'everyone' }, (_req, res) => stats(res)),
    },
  ];
}
