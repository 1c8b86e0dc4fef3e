import { directoryChange } from './students';

describe('the recipient directory', () => {
  it.each([
    [
      'a sign-up: an active, unverified student',
      { type: 'UserRegistered', data: { userId: 'u1', fullName: 'Asha', email: 'asha@university.edu', role: 'student', status: 'active', verified: false } },
      { userId: 'u1', set: { fullName: 'Asha', email: 'asha@university.edu', role: 'student', status: 'active', verified: false, deleted: false } },
    ],
    [
      'an account an admin made',
      { type: 'UserCreatedByAdmin', data: { userId: 'u2', fullName: 'Ravi', email: 'ravi@university.edu', role: 'staff', status: 'inactive', verified: true, mobileNo: null, rollNo: null } },
      { userId: 'u2', set: { fullName: 'Ravi', email: 'ravi@university.edu', role: 'staff', status: 'inactive', verified: true, deleted: false } },
    ],
    ['a verification', { type: 'EmailVerified', data: { userId: 'u1' } }, { userId: 'u1', set: { verified: true } }],
    ['a new address', { type: 'UserDetailsChanged', data: { userId: 'u1', before: { email: 'a@x.edu' }, after: { email: 'b@x.edu' } } }, { userId: 'u1', set: { email: 'b@x.edu' } }],
    ['a role change', { type: 'UserRoleChanged', data: { userId: 'u1', from: 'student', to: 'staff' } }, { userId: 'u1', set: { role: 'staff' } }],
    ['a suspension', { type: 'UserStatusChanged', data: { userId: 'u1', from: 'active', to: 'suspended' } }, { userId: 'u1', set: { status: 'suspended' } }],
    ['a deletion', { type: 'UserDeleted', data: { userId: 'u1', email: 'a@x.edu' } }, { userId: 'u1', set: { deleted: true } }],
  ])('follows %s', (_name, event, change) => {
    expect(directoryChange(event)).toEqual(change);
  });

  it.each([
    { type: 'VerificationTokenIssued', data: { userId: 'u1', email: 'a@x.edu', expiresAt: 'x' } },
    { type: 'StudentProfileUpdated', data: { userId: 'u1' } },
    { type: 'UserDetailsChanged', data: { userId: 'u1', before: { mobileNo: '1' }, after: { mobileNo: '2' } } },
    { type: 'EmailClaimed', data: { userId: 'u1' } },
  ])('ignores $type that changes nothing it keeps', (event) => {
    expect(directoryChange(event)).toBeNull();
  });
});
