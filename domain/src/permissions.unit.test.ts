import { ROLES } from './constants';
import { ACTIONS, authorize, PERMISSIONS } from './permissions';

describe('permission matrix', () => {
  it('admits everyone to public actions', () => {
    for (const caller of ['visitor', ...ROLES] as const) expect(authorize(caller, 'jobs.listPublic')).toBe('allow');
  });

  it('asks visitors to sign in and forbids wrong roles', () => {
    expect(authorize('visitor', 'users.list')).toBe('authenticate');
    expect(authorize('student', 'users.list')).toBe('forbid');
    expect(authorize('staff', 'users.list')).toBe('forbid');
    expect(authorize('admin', 'users.list')).toBe('allow');
  });

  it('gives staff only e-mail, trainings and interview experiences among the admin sections', () => {
    const staffAdminActions = ACTIONS.filter((action) => authorize('staff', action) === 'allow' && PERMISSIONS[action] !== 'public' && PERMISSIONS[action] !== 'signed-in');
    expect(staffAdminActions.every((action) => /^(email|trainings|experiences|jobs\.post$|auth\.secondFactor$)/.test(action))).toBe(true);
  });

  it('never lets a student manage anything', () => {
    const studentActions = ACTIONS.filter((action) => authorize('student', action) === 'allow');
    expect(studentActions.some((action) => /manage|delete|changeStatus|changeRole|listAll|stats/.test(action))).toBe(false);
  });
});
