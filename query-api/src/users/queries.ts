import type { Filter } from 'mongodb';
import { ROLES, userStreamId } from '@placement/domain';
import { HttpError, ReadModels, USER_COLLECTIONS, USER_INTERNAL_FIELDS, USER_SEARCH_FIELDS, USER_STATS_ID, type UserDocument, type UserSearchFields, type UserStatsDocument } from '@placement/platform';
import { z } from 'zod';
import { awaitPosition } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { anyFieldContaining, DEFAULT_PAGE_SIZE, findListed, optionalText, pageOf, pagingQuery, sortByColumn, sortOrderQuery, type Page } from '../lists';
import { USER_QUERY_MESSAGES } from './views';

/** The accounts' read side: the query strings it accepts, its filters and sorts, and its reads of the read models. */

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
export type UsersListQuery = z.output<typeof usersListQuery>;

/** What the list fetches of each user: the table's columns and the photo's key, never the whole profile. */
const LIST_FIELDS = { fullName: 1, email: 1, role: 1, status: 1, verified: 1, rollNo: 1, mobileNo: 1, createdAt: 1, updatedAt: 1, 'profile.profilePhotoKey': 1 } as const;
/** An account as a reply that shows it reads it: without its internal fields. */
export type UserView = Omit<UserDocument, (typeof USER_INTERNAL_FIELDS)[number]>;
export type ListedUser = Omit<UserView, 'profile'> & { profile?: { profilePhotoKey?: string | null } | null };

/**
 * What a reply that shows one account leaves out of its document: the internal fields, among them the
 * top-level lower-cased `search…` copies the search matches (the users projection writes them; the
 * local server answers a `$regex` on them from trigram indexes).
 */
const USER_REPLY_PROJECTION = Object.fromEntries(USER_INTERNAL_FIELDS.map((field) => [field, 0]));

/**
 * The role filter and the search in name, e-mail and roll no. The search reads only the `search…`
 * copies: an account projected before they existed matches no search until the read model is rebuilt.
 */
export function usersFilter(query: UsersListQuery): Filter<UserDocument> {
  const filter: Filter<UserDocument> = {};
  if (query.role && query.role !== 'all') filter.role = query.role;
  if (query.search) Object.assign(filter, anyFieldContaining(USER_SEARCH_FIELDS, query.search));
  return filter;
}

/** Whether an account matches the search as usersFilter's `$regex` does: the lower-cased term inside one of its `search…` copies. */
export function matchesSearch(user: Partial<UserSearchFields>, search: string): boolean {
  const term = search.toLowerCase();
  return USER_SEARCH_FIELDS.some((field) => typeof user[field] === 'string' && user[field].includes(term));
}

/**
 * A searched page, read from the front of the order when the search matches a large share of the
 * accounts. On the local server a search's page is a LIKE per row and a sort of every match: PostgreSQL
 * plans it (prepared, so without the term) as if few rows matched, and a term in every student's
 * address ('university') read and sorted all 20,000 rows (about 100 ms) for a page of 20. When the
 * count says the page lies within the first `window` accounts in the table's order (these sorts are an
 * index's order, with or without the role filter), those are read by the index and matched here.
 */
const WINDOWED_SORTS: readonly UsersListQuery['sort'][] = ['createdAt', 'fullName', 'email'];
/** The most accounts a searched page reads in order before it asks the server for the matches instead. */
const MAX_WINDOW = 400;

/** How many accounts from the front of the order hold the page, with room to spare, or null when too many. */
export function searchWindow(page: Page, matches: number, accounts: number): number | null {
  if (matches <= 0 || accounts <= 0) return null;
  const expected = ((page.skip + page.limit) * accounts) / matches;
  const window = Math.ceil(expected * 1.5) + page.limit;
  return window <= MAX_WINDOW ? window : null;
}

/** The reads of the accounts' read models. */
export function userReads(deps: QueryApiDeps) {
  const readModels = new ReadModels(deps.db);
  const users = () => readModels.collection<UserDocument>('users', USER_COLLECTIONS.users);

  /**
   * The caller's own account. The account exists (authentication read it from its stream), so when the
   * read model does not hold it yet, wait for the projection to reach the stream's last event.
   */
  async function ownAccount(userId: string): Promise<UserView> {
    const found = await (await users()).findOne({ _id: userId }, { projection: USER_REPLY_PROJECTION });
    if (found) return found;
    const [last] = await deps.store.readStream(userStreamId(userId), { direction: 'backward', maxCount: 1 });
    if (last && (await awaitPosition(deps.db, ['users'], last.position))) {
      const caughtUp = await (await users()).findOne({ _id: userId }, { projection: USER_REPLY_PROJECTION });
      if (caughtUp) return caughtUp;
    }
    throw new HttpError(404, USER_QUERY_MESSAGES.notFound);
  }

  async function account(userId: string): Promise<UserView | null> {
    return (await users()).findOne({ _id: userId }, { projection: USER_REPLY_PROJECTION });
  }

  /** Default: newest first; any other column ascending unless told otherwise. */
  async function listing(query: UsersListQuery): Promise<{ items: ListedUser[]; total: number }> {
    const collection = await users();
    const filter = usersFilter(query);
    const sort = sortByColumn(USER_SORTS, query.sort, query.order, ['createdAt']);
    const page = pageOf(query, DEFAULT_PAGE_SIZE);
    // Page and count at once unless the page might come from the front of the order (a search, sorted
    // by an index's order, on a page near enough the front even if every account matched).
    if (!query.search || !page || !WINDOWED_SORTS.includes(query.sort) || searchWindow(page, 1, 1) === null) {
      const { items, total } = await findListed(collection, filter, { sort, page, projection: LIST_FIELDS });
      return { items: items as ListedUser[], total };
    }
    // A searched page: the count first (a LIKE per row either way), then the page the cheaper way.
    const [total, counts] = await Promise.all([collection.countDocuments(filter), userCounts()]);
    if (total <= page.skip) return { items: [], total };
    const scope: Filter<UserDocument> = query.role && query.role !== 'all' ? { role: query.role } : {};
    const accounts = counts ? (query.role && query.role !== 'all' ? counts[query.role] : counts.total) : 0;
    const window = searchWindow(page, total, accounts);
    if (window !== null) {
      const front = await collection
        .find(scope, { projection: { ...LIST_FIELDS, ...Object.fromEntries(USER_SEARCH_FIELDS.map((field) => [field, 1])) } })
        .sort(sort)
        .limit(window)
        .toArray();
      const matched = front.filter((user) => matchesSearch(user, query.search!));
      // Enough matches in the front of the order, or the front was every account: the page is theirs.
      if (matched.length >= page.skip + page.limit || front.length < window) return { items: matched.slice(page.skip, page.skip + page.limit) as ListedUser[], total };
    }
    const items = await collection.find(filter, { projection: LIST_FIELDS }).sort(sort).skip(page.skip).limit(page.limit).toArray();
    return { items: items as ListedUser[], total };
  }

  async function userCounts(): Promise<UserStatsDocument | null> {
    return (await readModels.collection<UserStatsDocument>('users', USER_COLLECTIONS.stats)).findOne({ _id: USER_STATS_ID });
  }

  return { ownAccount, account, listing, userCounts };
}
