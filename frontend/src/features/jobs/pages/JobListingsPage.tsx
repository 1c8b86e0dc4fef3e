import { PageSpinner } from '../../../shared/components/PageSpinner';

/**
 * /job-listings: filters, 'Found N job listings', 6 cards per page, detail overlay and apply form (spec §2).
 * The screen's content is built in this feature folder (api, slice, sagas, components); until its
 * data arrives it shows the spinner. The student layout supplies the header 'Student - Job Listings'.
 */
export default function JobListingsPage() {
  return <PageSpinner label="Loading Job Listings" />;
}
