import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /cdc-trainings: intro text and training cards (spec §2).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner. The student layout supplies the header 'Student - CDC Trainings'.
 */
export default function TrainingsPage() {
  return <PageSpinner label="Loading CDC Trainings" />;
}
