import { Message } from 'primereact/message';
import type { Role } from '@placement/domain';
import { useAppSelector } from '../../../app/hooks';
import { RequireRole } from '../../../app/guards/RequireRole';
import { PageHeader } from '../../../shared/components/PageHeader';
import { selectAuth } from '../../../shared/session/authSlice';
import type { PostingMode } from '../post/api';
import { PostJobForm } from '../post/PostJobForm';
import { selectPostJob } from '../post/postJobSlice';
import '../../../shared/styles/student.css';
import '../post/postJob.css';

const PANEL: readonly Role[] = ['admin', 'staff'];

function PostJobScreen({ mode }: { mode: PostingMode }) {
  const { status, message, resets } = useAppSelector(selectPostJob);
  return (
    <div className="page-container post-job-page">
      <PageHeader
        title="Post a Job"
        subtitle={mode === 'public' ? 'Companies can post an opening without an account. Every posting is reviewed by the placement cell before students see it.' : 'The posting is listed for students once an admin approves it.'}
      />
      <div role="status" aria-live="polite">
        {status === 'success' && message && <Message severity="success" text={message} className="w-full" />}
      </div>
      {status === 'failed' && message && <Message severity="error" text={message} className="w-full" role="alert" />}
      <p className="post-job-page__note">Fields marked * are required.</p>
      <PostJobForm key={resets} mode={mode} />
    </div>
  );
}

/**
 * /post-job (spec §2, docs/decisions.md "Frontend shell"): a visitor (no session) gets the public
 * variant, which posts to POST /api/jobs/public without a token; anyone signed in passes the
 * admin/staff guard and posts to POST /api/jobs (a student is sent to their own start page).
 */
export default function PostJobPage() {
  const { token, isAuthenticated } = useAppSelector(selectAuth);
  if (!token && !isAuthenticated) return <PostJobScreen mode="public" />;
  return (
    <RequireRole allow={PANEL}>
      <PostJobScreen mode="staff" />
    </RequireRole>
  );
}
