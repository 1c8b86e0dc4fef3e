import type { ProfileReply, UserRow, UserStats } from '@placement/domain';
import type { UserStatsDocument } from '@placement/platform';
import { uploadUrl } from '../uploads';
import type { ListedUser, UserView } from './queries';

/** The accounts' replies: what an account or a counter becomes on the wire, with the copy the screens show. */

export const USER_QUERY_MESSAGES = {
  notFound: 'User not found',
} as const;

/** The profile page, the profile form and the admin's details modal: account fields, the student profile, files as download paths. */
export function profileView(user: UserView): ProfileReply {
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

/** One row of the user management table. */
export const userRow = (user: ListedUser): UserRow => ({
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

/** The user dashboard's figures: pendingApprovals counts accounts whose e-mail is not verified yet. */
export function userStatsReply(counters: UserStatsDocument | null): UserStats {
  const count = (counter: Exclude<keyof UserStatsDocument, '_id'>) => counters?.[counter] ?? 0;
  return {
    totalUsers: count('total'),
    activeUsers: count('active'),
    pendingApprovals: count('unverified'),
    students: count('student'),
    staff: count('staff'),
    admins: count('admin'),
  };
}
