import { useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../../../shared/session/authSlice';
import { ApplicationReview } from '../applications/ApplicationReview';
import { AuditView } from '../audit/AuditView';
import { AdminDashboard } from '../dashboard/AdminDashboard';
import { DeadLetters } from '../deadLetters/DeadLetters';
import { EmailComposer } from '../email/EmailComposer';
import { ExperienceManagement } from '../experiences/ExperienceManagement';
import { JobManagement } from '../jobs/JobManagement';
import { PlacementPolicyView } from '../placementPolicy/PlacementPolicyView';
import type { Section } from '../sections';
import { StatisticsView } from '../statistics/StatisticsView';
import { SystemStatusView } from '../system/SystemStatusView';
import { TrainingManagement } from '../trainings/TrainingManagement';
import { UserManagement } from '../users/UserManagement';

/** The body of the chosen section; every section has its screen (the switch is exhaustive). */
export function SectionContent({ section, onSection }: { section: Section; onSection: (section: Section) => void }) {
  const { role } = useAppSelector(selectAuth);
  switch (section) {
    case 'dashboard':
      return <AdminDashboard role={role} onManage={onSection} />;
    case 'users':
      return <UserManagement />;
    case 'jobs':
      return <JobManagement />;
    case 'emails':
      return <EmailComposer />;
    case 'audit':
      return <AuditView />;
    case 'dead-letters':
      return <DeadLetters />;
    case 'system':
      return <SystemStatusView />;
    case 'applications':
      return <ApplicationReview />;
    case 'trainings':
      return <TrainingManagement />;
    case 'interview-experiences':
      return <ExperienceManagement />;
    case 'statistics':
      return <StatisticsView />;
    case 'placement-policy':
      return <PlacementPolicyView />;
  }
}
