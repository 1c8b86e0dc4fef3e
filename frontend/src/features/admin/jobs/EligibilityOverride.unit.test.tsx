import { render, screen } from '@testing-library/react';
import { NO_ELIGIBILITY_RULES } from '@placement/domain';
import { EligibilityOverride, rulesSummary } from './EligibilityOverride';

describe("the admin's view of a job's eligibility", () => {
  it('sums the rules up in one line', () => {
    expect(rulesSummary(undefined)).toBe('No rules: every student may apply');
    expect(rulesSummary({ ...NO_ELIGIBILITY_RULES, minGraduation: 7, maxBacklogs: 0, schools: ['SOET'] })).toBe('graduation CGPA at least 7; at most 0 existing backlogs; schools SOET');
  });

  it('asks for the student and a reason to let them apply despite the rules', () => {
    render(<EligibilityOverride jobId="job-1" />);
    expect(screen.getByRole('form', { name: 'Let a student apply despite the rules' })).toBeInTheDocument();
    expect(screen.getByLabelText('Student ID')).toBeRequired();
    expect(screen.getByLabelText('Reason')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Allow this student' })).toBeEnabled();
  });
});
