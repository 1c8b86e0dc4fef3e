import { EXPERIENCE_INTERNAL_FIELDS, type ExperienceDocument } from '@placement/platform';
import { withoutFields } from '../lists';

/** The interview experiences' replies. */

/** An experience projected before moderation existed has no status: it was listed, so it is approved. */
export const experienceView = (experience: ExperienceDocument) => ({ ...withoutFields(experience, EXPERIENCE_INTERNAL_FIELDS), status: experience.status ?? 'approved', id: experience._id });

