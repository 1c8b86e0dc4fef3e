import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /interview-insights: two searches, four sorts, 5 per page and a detail modal (spec §2).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner. The student layout supplies the header 'Student - Interview Insights'.
 */
export default function InterviewInsightsPage() {
  return <PageSpinner label="Loading Interview Insights" />;
}
