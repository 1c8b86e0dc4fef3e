import type { Projection } from '../projection';
import { applicationsProjection } from './applications';
import { calendarFeedsProjection } from './calendar-feeds';
import { emailProjection } from './email';
import { experiencesProjection } from './experiences';
import { jobsProjection } from './jobs';
import { resumesProjection } from './resumes';
import { statisticsProjection } from './statistics';
import { trainingsProjection } from './trainings';
import { usersProjection } from './users';

/** Every read model the projectors service keeps up to date, by name. */
export const ALL_PROJECTIONS: Projection[] = [jobsProjection, applicationsProjection, usersProjection, trainingsProjection, experiencesProjection, emailProjection, resumesProjection, statisticsProjection, calendarFeedsProjection];

export const projectionNamed = (name: string): Projection | undefined => ALL_PROJECTIONS.find((projection) => projection.name === name);
