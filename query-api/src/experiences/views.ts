import { EXPERIENCE_INTERNAL_FIELDS, type ExperienceDocument } from '@placement/platform';
import { withoutFields } from '../lists';

/** The interview experiences' replies. */

/** An experience as the lists reply with it: its fields and status, under `id`. */
export const experienceView = (experience: ExperienceDocument) => ({ ...withoutFields(experience, EXPERIENCE_INTERNAL_FIELDS), id: experience._id });

