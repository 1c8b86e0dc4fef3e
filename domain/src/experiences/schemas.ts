import { z } from 'zod';
import { DIFFICULTIES, EXPERIENCE_RATINGS, OFFER_STATUSES } from '../constants';
import { requiredChoice, requiredText } from '../schemas-shared';

/** The spec lists what is required but words no message; these are ours. */
export const EXPERIENCE_MESSAGES = {
  companyName: 'Please enter the company name',
  role: 'Please enter the role',
  author: 'Please enter your name',
  batch: 'Please enter the batch',
  course: 'Please enter the course',
  interviewLocation: 'Please enter the interview location',
  offerStatus: 'Please select an offer status',
  experienceRating: 'Please select an experience rating',
  difficulty: 'Please select a difficulty',
  rounds: 'Please add at least one round',
  roundName: 'Please enter the round name',
  roundDescription: 'Please enter the round description',
  notFound: 'Interview experience not found',
  alreadyExists: 'This interview experience already exists.',
} as const;

/**
 * An experience shared without staff rights waits for review ('pending') and only an approved one is
 * listed to students and visitors. Experiences recorded before moderation existed are approved.
 */
export const EXPERIENCE_STATUSES = ['pending', 'approved'] as const;
export type ExperienceStatus = (typeof EXPERIENCE_STATUSES)[number];

const choice = <const Values extends readonly [string, ...string[]]>(values: Values, message: string) => requiredChoice(values, { required: message, invalid: message });

export const interviewRoundSchema = z.object({
  name: requiredText(EXPERIENCE_MESSAGES.roundName),
  description: requiredText(EXPERIENCE_MESSAGES.roundDescription),
});

/** The share form and the admin edit form (PATCH /api/interview-experiences/{id}). */
export const experienceFormSchema = z.object({
  companyName: requiredText(EXPERIENCE_MESSAGES.companyName),
  role: requiredText(EXPERIENCE_MESSAGES.role),
  author: requiredText(EXPERIENCE_MESSAGES.author),
  batch: requiredText(EXPERIENCE_MESSAGES.batch),
  course: requiredText(EXPERIENCE_MESSAGES.course),
  interviewLocation: requiredText(EXPERIENCE_MESSAGES.interviewLocation),
  offerStatus: choice(OFFER_STATUSES, EXPERIENCE_MESSAGES.offerStatus).default('No Selected'),
  experienceRating: choice(EXPERIENCE_RATINGS, EXPERIENCE_MESSAGES.experienceRating).default('Neutral'),
  difficulty: choice(DIFFICULTIES, EXPERIENCE_MESSAGES.difficulty).default('Medium'),
  rounds: z.array(interviewRoundSchema, { error: EXPERIENCE_MESSAGES.rounds }).min(1, { error: EXPERIENCE_MESSAGES.rounds }),
});

export type ExperienceFormInput = z.input<typeof experienceFormSchema>;
export type ExperienceFields = z.output<typeof experienceFormSchema>;
export type InterviewRound = z.output<typeof interviewRoundSchema>;

export const EXPERIENCE_FIELD_NAMES = [
  'companyName',
  'role',
  'author',
  'batch',
  'course',
  'interviewLocation',
  'offerStatus',
  'experienceRating',
  'difficulty',
  'rounds',
] as const satisfies readonly (keyof ExperienceFields)[];

/** The form's starting values: the spec's defaults and one empty round. */
export const emptyExperienceForm = (): ExperienceFormInput => ({
  companyName: '',
  role: '',
  author: '',
  batch: '',
  course: '',
  interviewLocation: '',
  offerStatus: 'No Selected',
  experienceRating: 'Neutral',
  difficulty: 'Medium',
  rounds: [{ name: '', description: '' }],
});
