import { dashboardPathFor, homeAfterLogin, homeForForbiddenRole, homeForUnknownPath, homeWhenSignedIn, pageTitleOf, pathOf, returnPath } from './routes';

describe('role redirects (spec §2 and §4)', () => {
  it.each([
    ['admin', '/admin-panel', '/admin-panel', '/admin-panel', '/admin-panel'],
    ['staff', '/admin-panel', '/admin-panel', '/admin-panel', '/admin-panel'],
    ['student', '/student-details', '/student-details', '/student-details', '/student-details'],
    ['visitor', '/dashboard', '/student-details', '/', '/auth-Container'],
  ])('%s: after login %s, on the sign-in page %s, on a forbidden route %s, on an unknown path %s', (role, login, signedIn, forbidden, unknown) => {
    expect(homeAfterLogin(role)).toBe(login);
    expect(homeWhenSignedIn(role)).toBe(signedIn);
    expect(homeForForbiddenRole(role)).toBe(forbidden);
    expect(homeForUnknownPath(role)).toBe(unknown);
  });

  it('sends anyone without a role on an unknown path to sign in', () => {
    expect(homeForUnknownPath(null)).toBe('/auth-Container');
    expect(homeAfterLogin(undefined)).toBe('/dashboard');
  });

  it("links the navbar's Dashboard to each role's start page", () => {
    expect(dashboardPathFor('student')).toBe('/dashboard');
    expect(dashboardPathFor('staff')).toBe('/admin-panel');
  });
});

describe('returnPath', () => {
  it('keeps same-origin paths worth returning to', () => {
    expect(returnPath('/job-listings?page=2#top')).toBe('/job-listings?page=2#top');
  });

  it('refuses other origins, non-paths and the sign-in pages', () => {
    for (const from of ['//evil.example', 'https://evil.example/x', '/\\evil', 'job-listings', '/', '/auth-Container', '/authcontainer/', '/verify-email?token=x', 42, null]) {
      expect(returnPath(from)).toBeNull();
    }
  });

  it('reads router locations', () => {
    expect(pathOf({ pathname: '/cv', search: '?a=1', hash: '' })).toBe('/cv?a=1');
    expect(pathOf({})).toBeNull();
  });
});

it('names the pages case-insensitively', () => {
  expect(pageTitleOf('/job-listings')).toBe('Job Listings');
  expect(pageTitleOf('/AUTHCONTAINER/')).toBe('Sign In');
  expect(pageTitleOf('/nope')).toBeUndefined();
});
