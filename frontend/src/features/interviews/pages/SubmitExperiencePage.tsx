import { Link } from 'react-router-dom';
import { Message } from 'primereact/message';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../shared/components/PageHeader';
import { ExperienceForm } from '../components/ExperienceForm';
import { INTERVIEW_MESSAGES, selectInterviews } from '../interviewsSlice';
import '../interviews.css';

/**
 * /submit-interview-experience: the public share-experience form (spec §2, §5, §8). It is sent
 * without a token; after a success the form resets (a new key remounts it).
 */
export default function SubmitExperiencePage() {
  const { submit } = useAppSelector(selectInterviews);
  return (
    <div className="page-container experience-page">
      <PageHeader title="Share Your Interview Experience" subtitle="Help juniors prepare: tell them about the company, the role and every round." />
      <div role="status" aria-live="polite">
        {submit.status === 'success' && <Message severity="success" text={INTERVIEW_MESSAGES.submitted} className="w-full" />}
      </div>
      {submit.status === 'failed' && submit.error && <Message severity="error" text={submit.error} className="w-full" role="alert" />}
      <ExperienceForm key={submit.resets} />
      <p className="experience-page__back">
        <Link to="/interview-insights">Back to Interview Insights</Link>
      </p>
    </div>
  );
}
