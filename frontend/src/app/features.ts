import shell from '../features/auth/feature';
import jobs from '../features/jobs/feature';
import applications from '../features/applications/feature';
import dashboard from '../features/dashboard/feature';
import trainings from '../features/trainings/feature';
import profile from '../features/profile/feature';
import interviews from '../features/interviews/feature';
import resume from '../features/resume/feature';
import admin from '../features/admin/feature';

/**
 * Every feature, for a store that has them all from the start (tests). The running app starts with
 * `shell` alone (main.tsx) and injects each other feature with its first screen (app/pages.ts).
 */
export const ALL_FEATURES = [shell, jobs, applications, dashboard, trainings, profile, interviews, resume, admin] as const;
