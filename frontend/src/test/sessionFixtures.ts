import type { ProfileReply, Role, UserRow } from '@placement/domain';
import type { SessionUser } from '../shared/session/types';

/** A test's fields over a whole reply; the role as any text (a stored role need not be a known one). */
type Overrides<T> = Partial<Omit<T, 'role'>> & { role?: string | null };

const asRole = (role: string | null | undefined): Role => (role ?? 'student') as Role;

/** The account of a session reply (the domain's SessionUser contract), with what a test names; the client's SessionUser. */
export function sessionUser(overrides: Overrides<SessionUser> = {}): SessionUser {
  const { role, ...rest } = overrides;
  return { _id: 'u1', id: 'u1', fullName: 'Asha Verma', email: 'asha@university.edu', status: 'active', rollNo: null, mobileNo: null, ...rest, role: asRole(role) };
}

/** A row of GET /api/admin/users (the domain's UserRow contract). */
export function userRow(overrides: Overrides<UserRow> = {}): UserRow {
  const { role, ...rest } = overrides;
  return { ...sessionUser(), verified: true, createdAt: '2026-01-05T09:00:00.000Z', updatedAt: '2026-01-05T09:00:00.000Z', profilePhoto: null, ...rest, role: asRole(role) };
}

/** GET /api/profile/me's reply (the domain's ProfileReply contract) of an account whose profile was never saved. */
export function profileReply(overrides: Overrides<ProfileReply> = {}): ProfileReply {
  const { role, ...rest } = overrides;
  return {
    ...userRow(),
    profileCompleted: false,
    whatsappNo: null,
    mailId: null,
    fatherName: null,
    fatherNumber: null,
    education: null,
    school: null,
    existingBacklogs: null,
    areaOfInterest: null,
    skills: [],
    hasCertifications: false,
    certifications: [],
    readyToRelocate: false,
    experience: [],
    resume: null,
    ...rest,
    role: asRole(role),
  };
}
