import type { Response } from 'express';
import { resumeAnalysisHistorySchema } from '@placement/domain';
import { actorOf, ReadModels, RESUME_COLLECTIONS, type ResumeAnalysisDocument, type RouteSpec } from '@placement/platform';
import { consistentWith } from '../consistency';
import type { QueryApiDeps } from '../deps';
import { withoutFields } from '../lists';

/** The most recent checks a history shows; older ones stay in the event store. */
export const RESUME_HISTORY_LIMIT = 200;

/**
 * A student's resume checks over time (the resumes read model, from ResumeAnalysed): the student's own
 * on /cv, and any student's for an admin. Oldest first, the last RESUME_HISTORY_LIMIT of them.
 */
export function resumeRoutes(deps: QueryApiDeps): RouteSpec[] {
  const readModels = new ReadModels(deps.db);
  const consistent = consistentWith(deps, ['resumes']);

  async function history(res: Response, studentId: string) {
    const analyses = await readModels.collection<ResumeAnalysisDocument>('resumes', RESUME_COLLECTIONS.analyses);
    const latest = await analyses.find({ studentId }).sort({ analysedAt: -1, _id: -1 }).limit(RESUME_HISTORY_LIMIT).toArray();
    res.json({ analyses: latest.reverse().map((document) => withoutFields(document, ['_id', '_v'])) });
  }

  return [
    {
      method: 'get',
      paths: ['/api/resume-analyses/me'],
      action: 'resume.historyOwn',
      summary: `The signed-in student's resume checks, oldest first (the last ${RESUME_HISTORY_LIMIT}): score, label, each factor's score and points, scorer version, file hash`,
      tags: ['resume insights'],
      before: [consistent],
      responds: { status: 200, description: 'The history of checks', schema: resumeAnalysisHistorySchema },
      handler: (_req, res) => history(res, actorOf(res).id!),
    },
    {
      method: 'get',
      paths: ['/api/admin/users/:id/resume-analyses'],
      action: 'resume.historyAny',
      summary: `A student's resume checks, oldest first (the last ${RESUME_HISTORY_LIMIT}); an empty list for an account that has none`,
      tags: ['resume insights', 'users'],
      before: [consistent],
      responds: { status: 200, description: 'The history of checks', schema: resumeAnalysisHistorySchema },
      handler: (req, res) => history(res, String(req.params.id)),
    },
  ];
}
