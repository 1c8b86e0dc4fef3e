import { randomBytes } from 'node:crypto';
import type { Role } from '@placement/domain';
import { signedInUser, startCommandApi } from '../../command-api/src/test-support';
import { portalRequest, signInAtGateway, testClientAddress } from '../support/portal';

/** Who a fuzz run calls the API as: no token for a visitor, a fresh account's token for the others. */
export type FuzzRole = 'visitor' | Exclude<Role, 'system'>;
export const FUZZ_ROLES: readonly FuzzRole[] = ['visitor', 'student', 'staff', 'admin'];

export interface FuzzCaller {
  role: FuzzRole;
  token?: string;
  /** The client address the services see: this run's own per-address rate limits. */
  clientAddress: string;
}

/**
 * Accounts of this run only, so that fuzzing as an admin touches nobody else's: a first admin
 * written to the event store (the way the admin journey starts), then a staff member and a student
 * that this admin creates through the API; each signs in at the gateway.
 */
export async function fuzzCallers(): Promise<FuzzCaller[]> {
  const clientAddress = testClientAddress();
  const tag = randomBytes(4).toString('hex');
  const password = `fuzz ${randomBytes(12).toString('base64url')}`;
  const api = await startCommandApi();
  try {
    const firstAdmin = await signedInUser(api, 'admin', { fullName: `Fuzz Admin ${tag}`, password });
    const adminToken = await signInAtGateway(firstAdmin.email, password, clientAddress);
    const created = async (role: 'staff' | 'student'): Promise<string> => {
      const email = `fuzz.${role}.${tag}@university.edu`;
      const account = { fullName: `Fuzz ${role} ${tag}`, email, role, rollNo: role === 'student' ? `FZ-${tag}` : undefined, password, status: 'active' };
      const reply = await portalRequest<{ message?: string }>('POST', '/api/admin/users', { token: adminToken, body: account, clientAddress });
      if (reply.status !== 201) throw new Error(`creating the fuzz ${role} answered ${reply.status}: ${reply.body.message ?? ''}`);
      return signInAtGateway(email, password, clientAddress);
    };
    const [staffToken, studentToken] = [await created('staff'), await created('student')];
    return [
      { role: 'visitor', clientAddress },
      { role: 'student', token: studentToken, clientAddress },
      { role: 'staff', token: staffToken, clientAddress },
      { role: 'admin', token: adminToken, clientAddress },
    ];
  } finally {
    await api.stop();
  }
}
