/** Panel sections (spec §4). The section lives in the URL (?section=) so a reload keeps it. */
export type Section =
  | 'dashboard'
  | 'users'
  | 'jobs'
  | 'applications'
  | 'emails'
  | 'trainings'
  | 'interview-experiences'
  | 'statistics'
  | 'placement-policy'
  | 'audit'
  | 'dead-letters'
  | 'system';

export interface SectionInfo {
  id: Section;
  label: string;
  icon: string;
  adminOnly: boolean;
}

export const SECTIONS: readonly SectionInfo[] = [
  { id: 'dashboard', label: 'Dashboard', icon: 'pi pi-chart-bar', adminOnly: true },
  { id: 'users', label: 'User Management', icon: 'pi pi-users', adminOnly: true },
  { id: 'jobs', label: 'Job Management', icon: 'pi pi-briefcase', adminOnly: true },
  { id: 'applications', label: 'Application Review', icon: 'pi pi-file', adminOnly: true },
  { id: 'emails', label: 'Bulk Email', icon: 'pi pi-envelope', adminOnly: false },
  { id: 'trainings', label: 'Training Management', icon: 'pi pi-calendar', adminOnly: false },
  { id: 'interview-experiences', label: 'Interview Experiences', icon: 'pi pi-comments', adminOnly: false },
  // Issue 16 part 4: the season's figures as of any day, for admins and staff.
  { id: 'statistics', label: 'Placement Statistics', icon: 'pi pi-chart-line', adminOnly: true },
  // Issue 16 part 3: the placement policy's versions, its edit form and the what-if run before publishing.
  { id: 'placement-policy', label: 'Placement Policy', icon: 'pi pi-sliders-h', adminOnly: true },
  // Operations, beyond the spec: the event history, undeliverable notifier work, and the services' state.
  { id: 'audit', label: 'Audit History', icon: 'pi pi-history', adminOnly: true },
  { id: 'dead-letters', label: 'Dead Letters', icon: 'pi pi-inbox', adminOnly: true },
  { id: 'system', label: 'System Status', icon: 'pi pi-server', adminOnly: true },
];

export const sectionsFor = (role: string | null | undefined): SectionInfo[] => SECTIONS.filter((s) => !s.adminOnly || role === 'admin');

/** Admin lands on the dashboard, staff on e-mails; a section the role may not see falls back to that landing. */
export function resolveSection(requested: string | null, role: string | null | undefined): Section {
  const allowed = sectionsFor(role);
  const found = allowed.find((s) => s.id === requested);
  if (found) return found.id;
  return role === 'admin' ? 'dashboard' : 'emails';
}
