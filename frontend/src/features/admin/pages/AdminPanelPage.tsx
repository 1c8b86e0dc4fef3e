import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../../../shared/session/authSlice';
import '../admin.css';
import { resolveSection, type Section } from '../sections';
import { AdminShell } from '../shell/AdminShell';
import { SectionContent } from '../shell/SectionContent';

/**
 * /admin-panel: the admin and staff panel. The section is kept in the URL (`?section=users`) so a
 * reload or a shared link keeps it; without one, admin lands on the dashboard and staff on e-mails.
 */
export default function AdminPanelPage() {
  const { role } = useAppSelector(selectAuth);
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const section = resolveSection(requested, role);

  // A section this role may not see (or a misspelt one) is replaced by the role's landing section.
  useEffect(() => {
    if (requested !== null && requested !== section) setParams({ section }, { replace: true });
  }, [requested, section, setParams]);

  const onSection = useCallback((next: Section) => setParams({ section: next }), [setParams]);

  return (
    <AdminShell section={section} onSection={onSection}>
      <SectionContent section={section} onSection={onSection} />
    </AdminShell>
  );
}
