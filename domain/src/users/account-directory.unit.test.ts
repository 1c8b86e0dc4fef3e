import { addToDirectory, someAdmin, staffAccounts, type AccountDirectory } from './account-directory';
import type { UserEvent } from './events';

const created = (userId: string, role: 'student' | 'staff' | 'admin', email = `${userId}@university.edu`): UserEvent => ({
  type: 'UserCreatedByAdmin',
  data: { userId, fullName: `Name ${userId}`, email, mobileNo: null, rollNo: null, passwordHash: 'h', role, status: 'active', verified: true },
});
const registered = (userId: string): UserEvent => ({
  type: 'UserRegistered',
  data: { userId, fullName: `Student ${userId}`, email: `${userId}@gmail.com`, rollNo: 'R1', passwordHash: 'h', role: 'student', status: 'active', verified: false },
});
const fold = (events: UserEvent[]): AccountDirectory => events.reduce(addToDirectory, new Map());

describe('the account directory', () => {
  it('lists admins first, then staff, each by e-mail, and never students', () => {
    const directory = fold([created('s1', 'staff', 'b@university.edu'), registered('st1'), created('a2', 'admin', 'z@university.edu'), created('a1', 'admin', 'c@university.edu'), created('s2', 'staff', 'a@university.edu')]);
    expect(staffAccounts(directory).map((account) => [account.role, account.email])).toEqual([
      ['admin', 'c@university.edu'],
      ['admin', 'z@university.edu'],
      ['staff', 'a@university.edu'],
      ['staff', 'b@university.edu'],
    ]);
  });

  it('follows role, status, e-mail and name changes, and drops deleted accounts', () => {
    const directory = fold([
      registered('u1'),
      { type: 'UserRoleChanged', data: { userId: 'u1', from: 'student', to: 'staff' } },
      { type: 'UserStatusChanged', data: { userId: 'u1', from: 'active', to: 'suspended' } },
      { type: 'UserDetailsChanged', data: { userId: 'u1', before: { email: 'u1@gmail.com', mobileNo: null }, after: { email: 'new@university.edu', mobileNo: '9876543210' } } },
      created('a1', 'admin'),
      { type: 'UserDeleted', data: { userId: 'a1', email: 'a1@university.edu', role: 'admin', status: 'active', verified: true } },
    ]);
    expect(staffAccounts(directory)).toEqual([{ userId: 'u1', email: 'new@university.edu', fullName: 'Student u1', role: 'staff', status: 'suspended' }]);
    expect(someAdmin(directory)).toBeUndefined();
  });

  it('finds an admin of any status, and none among students and staff', () => {
    expect(someAdmin(fold([registered('u1'), created('s1', 'staff')]))).toBeUndefined();
    const suspended = fold([created('a1', 'admin'), { type: 'UserStatusChanged', data: { userId: 'a1', from: 'active', to: 'suspended' } }]);
    expect(someAdmin(suspended)?.userId).toBe('a1');
  });
});
