import type { ApplicationStats, ProfileReply, ExperienceCommandReply, ExperienceStats, ExperienceView, JobStats, TrainingFields, TrainingStats, TrainingView, UserRow, UserStats } from '@placement/domain';

/**
 * Entities of the admin side (spec, second document §3). What the server answers is the domain's
 * contracts (domain/src/<aggregate>/contracts.ts), imported as types only.
 */
export type Role = 'student' | 'staff' | 'admin';
export type UserStatus = 'active' | 'inactive' | 'suspended';

export const ROLES: readonly Role[] = ['student', 'staff', 'admin'];
export const USER_STATUSES: readonly UserStatus[] = ['active', 'inactive', 'suspended'];

/** A row of GET /api/admin/users: the domain's contract. */
export type AdminUser = UserRow;

export interface Education {
  percentage?: string | number | null;
  percentageOrCGPA?: string | number | null;
  degree?: string | null;
  passingYear?: string | number | null;
}

/** GET /profile/user/{id}: a student's account and profile, the domain's profile reply. */
export type StudentProfile = ProfileReply;

/** The add and edit forms: password only when adding; rollNo only for students. */
export interface UserForm {
  fullName: string;
  email: string;
  password: string;
  mobileNo: string;
  role: Role;
  status: UserStatus;
  rollNo: string;
}

/** The reply of every bulk command: its contract in the domain, imported as a type only. */
export type { BulkReply } from '@placement/domain';

/** The dashboard's figures, from each aggregate's statistics reply. */
export interface DashboardStats {
  users: Pick<UserStats, 'totalUsers' | 'activeUsers' | 'pendingApprovals'>;
  applications: Omit<ApplicationStats, 'approvalRate'>;
  jobs: JobStats;
  trainings: TrainingStats;
  experiences: ExperienceStats;
}

export type OfferStatus = 'Accepted' | 'Declined' | 'No Selected';
export type ExperienceRating = 'Amazing' | 'Neutral' | 'Bad';
export type Difficulty = 'Easy' | 'Medium' | 'Hard';
export const OFFER_STATUSES: readonly OfferStatus[] = ['Accepted', 'Declined', 'No Selected'];
export const EXPERIENCE_RATINGS: readonly ExperienceRating[] = ['Amazing', 'Neutral', 'Bad'];
export const DIFFICULTIES: readonly Difficulty[] = ['Easy', 'Medium', 'Hard'];

export interface Round {
  name: string;
  description: string;
}

export interface ExperienceForm {
  companyName: string;
  role: string;
  author: string;
  batch: string;
  course: string;
  interviewLocation: string;
  offerStatus: OfferStatus;
  experienceRating: ExperienceRating;
  difficulty: Difficulty;
  rounds: Round[];
}

/** An experience of GET /api/interview-experiences/manage, or of a command's reply (which has no updatedAt). */
export type Experience = ExperienceCommandReply['experience'] & Partial<Pick<ExperienceView, 'updatedAt'>>;

/** A training as sent to the server: date is an ISO instant, registrationLink a URL (spec §3). */
export type TrainingBody = TrainingFields;

/** A training of GET /api/trainings. */
export type AdminTraining = TrainingView;
