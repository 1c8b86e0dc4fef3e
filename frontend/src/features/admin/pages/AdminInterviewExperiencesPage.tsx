import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/routes';
import '../admin.css';
import type { Section } from '../sections';
import { AdminShell } from '../shell/AdminShell';
import { SectionContent } from '../shell/SectionContent';

/** /admin-panel/interview-experiences: the panel opened on interview experience management. */
export default function AdminInterviewExperiencesPage() {
  const navigate = useNavigate();
  const onSection = useCallback((next: Section) => navigate(`${PATHS.adminPanel}?section=${next}`), [navigate]);
  return (
    <AdminShell section="interview-experiences" onSection={onSection}>
      <SectionContent section="interview-experiences" onSection={onSection} />
    </AdminShell>
  );
}
