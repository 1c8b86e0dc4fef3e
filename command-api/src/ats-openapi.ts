import { resumeAnalysisFailureSchema, resumeAnalysisReplySchema } from '@placement/domain';
import { z } from 'zod';

/** The resume check's path at the gateway (spec §7: POST {resume-analysis service}/analyze). */
export const ATS_ANALYZE_PATH = '/ats/analyze';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });

/**
 * The ATS engine's one public operation in the portal's API description, from the reply's contract in
 * the domain (the engine builds its reply to it and the /cv screen reads it): the spec's fields, the
 * scorer version, each factor's points with its evidence, and the ResumeAnalysed event that keeps the check.
 */
export function atsOpenApiPaths(): Record<string, Record<string, unknown>> {
  return {
    [ATS_ANALYZE_PATH]: {
      post: {
        summary:
          "Scores a resume for automated screening (ATS): the spec's reply plus scorerVersion (the scoring rules' version) and factorDetails (each factor's points in ats_score with its evidence); each check is kept as a ResumeAnalysed event in the student's history (GET /api/resume-analyses/me)",
        tags: ['resume insights'],
        operationId: 'postAtsAnalyze',
        security: [{ bearer: [] }],
        'x-roles': 'student',
        'x-action': 'resume.analyze',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['resume'],
                properties: {
                  resume: { type: 'string', format: 'binary', description: 'PDF, DOCX or DOC' },
                  industry: { type: 'string', description: 'software (default), finance, marketing, design, education, healthcare, engineering, data_science' },
                  job_description: { type: 'string', description: 'optional, at most 20,000 characters' },
                },
              },
            },
          },
        },
        responses: {
          200: { description: 'The analysis', content: { 'application/json': { schema: jsonSchema(resumeAnalysisReplySchema) } } },
          default: {
            description: "Error: the engine's { success: false, error } (400, 401, 403, 405, 413, 415, 422, 503), or the gateway's problem details",
            content: {
              'application/json': { schema: jsonSchema(resumeAnalysisFailureSchema) },
              'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
            },
          },
        },
      },
    },
  };
}
