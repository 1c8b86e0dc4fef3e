import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /cv: resume insights, the ATS check (spec §2).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner. The student layout supplies the header 'Student - Resume Insights'.
 */
export default function ResumeInsightsPage() {
  return <PageSpinner label="Loading Resume Insights" />;
}
