import type { ExperienceView } from '@placement/domain';

/** GET /api/interview-experiences (spec §3, interview experience): the domain's contract. */
export type InterviewExperience = ExperienceView;
