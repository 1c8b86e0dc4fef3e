import { z } from 'zod';
import { httpUrl, isoInstant, requiredText } from '../schemas-shared';

/** The spec only says every field is required and the link must be a URL; these words are ours. */
export const TRAINING_MESSAGES = {
  title: 'Please enter a title',
  description: 'Please enter a description',
  dateRequired: 'Please enter a date and time',
  dateInvalid: 'Please enter a valid date and time',
  duration: 'Please enter a duration',
  mode: 'Please enter a mode',
  registrationLinkRequired: 'Please enter a registration link',
  registrationLinkInvalid: 'Please enter a valid URL',
  notFound: 'Training not found',
  alreadyExists: 'This training already exists.',
} as const;

export const trainingFormSchema = z.object({
  title: requiredText(TRAINING_MESSAGES.title),
  description: requiredText(TRAINING_MESSAGES.description),
  date: isoInstant({ required: TRAINING_MESSAGES.dateRequired, invalid: TRAINING_MESSAGES.dateInvalid }),
  duration: requiredText(TRAINING_MESSAGES.duration),
  mode: requiredText(TRAINING_MESSAGES.mode),
  registrationLink: requiredText(TRAINING_MESSAGES.registrationLinkRequired).pipe(httpUrl(TRAINING_MESSAGES.registrationLinkInvalid)),
});

export type TrainingFormInput = z.input<typeof trainingFormSchema>;
export type TrainingFields = z.output<typeof trainingFormSchema>;

export const TRAINING_FIELD_NAMES = ['title', 'description', 'date', 'duration', 'mode', 'registrationLink'] as const satisfies readonly (keyof TrainingFields)[];
