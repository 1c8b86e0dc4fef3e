import { normalizeEmail } from '@placement/domain';
import { loadUser, type EventStore } from '@placement/platform';

/**
 * Where an application's mails go. The form's e-mail is the applicant's own text: mailed as it is,
 * a student could have the portal send its branded mail, with a name of their choosing in it, to any
 * address. So a mail goes to the form's address only when it is one of the student's own (the
 * account's e-mail, which the student verified, or the alternate e-mail of their profile), and
 * otherwise to the account's e-mail; a student whose account is gone is not written to.
 */
export function applicantAddress(account: { exists: boolean; deleted: boolean; email: string; profile: { mailId?: string | null } | null }, formEmail: string): string | undefined {
  if (!account.exists || account.deleted || !account.email) return undefined;
  const own = [account.email, account.profile?.mailId].filter((address): address is string => Boolean(address)).map(normalizeEmail);
  return own.includes(normalizeEmail(formEmail)) ? formEmail : account.email;
}

/** The address of an application's mails, read from the student's own stream (never a read model that may lag). */
export class ApplicantAddresses {
  constructor(private readonly store: EventStore) {}

  async of(studentId: string, formEmail: string): Promise<string | undefined> {
    return applicantAddress(await loadUser(this.store, studentId), formEmail);
  }
}
