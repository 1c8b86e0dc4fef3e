import { applicantAddress } from './applicant-address';

const account = { exists: true, deleted: false, email: 'asha.rao@university.edu', profile: { mailId: 'asha.personal@gmail.com' } };

describe("an application's mails go to the student's own addresses only", () => {
  it.each([
    ['the account e-mail', 'asha.rao@university.edu', 'asha.rao@university.edu'],
    ['the account e-mail in other case, with spaces', ' Asha.Rao@University.edu ', ' Asha.Rao@University.edu '],
    ["the profile's alternate e-mail", 'asha.personal@gmail.com', 'asha.personal@gmail.com'],
  ])('mails the form address when it is %s', (_name, formEmail, expected) => {
    expect(applicantAddress(account, formEmail)).toBe(expected);
  });

  it("mails the account's e-mail instead of anyone else's address typed into the form", () => {
    expect(applicantAddress(account, 'victim@outside.example')).toBe('asha.rao@university.edu');
    expect(applicantAddress({ ...account, profile: null }, 'asha.personal@gmail.com')).toBe('asha.rao@university.edu');
  });

  it('mails nobody when the account is gone', () => {
    expect(applicantAddress({ ...account, deleted: true }, 'asha.rao@university.edu')).toBeUndefined();
    expect(applicantAddress({ exists: false, deleted: false, email: '', profile: null }, 'anyone@gmail.com')).toBeUndefined();
  });
});
