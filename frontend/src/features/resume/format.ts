import { RESUME_ACCEPT } from '@placement/domain';

export { RESUME_ACCEPT };

/** Spec §9: PDF, Word doc or docx. */
export function isResumeFile(file: File): boolean {
  const types = ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'];
  return types.includes(file.type) || /\.(pdf|docx?)$/i.test(file.name);
}

export const INDUSTRY_LABELS: Record<string, string> = {
  software: 'Software',
  finance: 'Finance',
  marketing: 'Marketing',
  design: 'Design',
  education: 'Education',
  healthcare: 'Healthcare',
  engineering: 'Engineering',
  data_science: 'Data Science',
};

export const FACTOR_LABELS: Record<string, string> = {
  keyword_match: 'Keyword Match',
  format_score: 'Formatting',
  word_count: 'Length',
  action_verbs: 'Action Verbs',
  file_format: 'File Format',
  contact_info: 'Contact Information',
  education_format: 'Education',
};

/** 'data_science' or 'soft_skills' → 'Data science', 'Soft skills'. */
export const humanize = (key: string): string => FACTOR_LABELS[key] ?? INDUSTRY_LABELS[key] ?? (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, ' ');

const PRIORITY_ORDER: Record<string, number> = { high: 0, medium: 1, low: 2 };

/** Spec §9: a recommendation's priority defaults to medium; high first. */
export const priorityOf = (priority: string | undefined): 'high' | 'medium' | 'low' => {
  const key = (priority ?? '').toLowerCase();
  return key === 'high' || key === 'low' ? key : 'medium';
};

export function byPriority<T extends { priority?: string }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => PRIORITY_ORDER[priorityOf(a.item.priority)]! - PRIORITY_ORDER[priorityOf(b.item.priority)]! || a.index - b.index)
    .map(({ item }) => item);
}

/** The score as a whole percent: the engine answers 0-100; a 0-1 reply is scaled. */
export function percentOf(score: number | undefined): number {
  if (typeof score !== 'number' || Number.isNaN(score)) return 0;
  const percent = score <= 1 && score > 0 ? score * 100 : score;
  return Math.round(Math.min(100, Math.max(0, percent)));
}
