import { ATS_FACTORS } from '@placement/domain';
import { ATS_ANALYZE_PATH, atsOpenApiPaths } from './ats-openapi';

type Schema = { properties: Record<string, Schema & { description?: string }>; required?: string[] };

describe('the resume check in the API description', () => {
  const operation = atsOpenApiPaths()[ATS_ANALYZE_PATH]!.post as {
    'x-roles': string;
    responses: Record<string, { content: Record<string, { schema: Schema }> }>;
  };
  const reply = operation.responses['200']!.content['application/json']!.schema;

  it("keeps the spec's reply fields and adds the scorer version and each factor's points with evidence beside them", () => {
    expect(operation['x-roles']).toBe('student');
    expect(reply.required).toEqual(expect.arrayContaining(['success', 'error', 'ats_score', 'factorScores', 'recommendations', 'keywordAnalysis', 'metrics', 'scorerVersion', 'factorDetails']));
    expect(Object.keys(reply.properties.factorScores!.properties)).toEqual([...ATS_FACTORS]);
    expect(reply.properties.keywordAnalysis!.properties.industryKeywords).toBeDefined();
    expect(reply.properties.metrics!.properties.formattingIssues).toBeDefined();
    expect(reply.properties.scorerVersion!.description).toMatch(/version of the scoring rules/);
    const details = reply.properties.factorDetails!;
    expect(Object.keys(details.properties)).toEqual([...ATS_FACTORS]);
    expect(details.properties.keyword_match!.required).toEqual(['weight', 'score', 'points', 'maxPoints', 'evidence']);
    expect(Object.keys(details.properties.keyword_match!.properties.evidence!.properties)).toEqual(['industryFound', 'industryMissing', 'industryTarget', 'jobDescription']);
    expect(details.properties.action_verbs!.properties.evidence!.properties.quantified!.description).toMatch(/counted as quantified/);
  });

  it("documents the engine's own error shape", () => {
    expect(operation.responses.default!.content['application/json']!.schema.required).toEqual(['success', 'error']);
  });
});
