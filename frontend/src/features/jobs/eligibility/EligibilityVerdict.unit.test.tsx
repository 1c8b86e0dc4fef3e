import { fireEvent, render, screen } from '@testing-library/react';
import { jobFormSchema } from '@placement/domain';
import { listedJob } from '../../../test/jobFixtures';
import { renderWithApp, signedIn } from '../../../test/render';
import { emptyJobForm, type JobFormValues } from '../../../shared/jobForm/jobFormValues';
import { JobFormFields } from '../../../shared/jobForm/JobFormFields';
import { listParams } from '../api';
import { JobCard } from '../components/JobCard';
import { JobFiltersPanel } from '../components/JobFiltersPanel';
import { EMPTY_FILTERS } from '../jobListingsSlice';
import { EligibilityVerdict } from './EligibilityVerdict';

const job = listedJob({ _id: 'job-1', profiles: 'Data Analyst', companyName: 'Acme' });
const reasons = ['graduation CGPA 6.8 is below 7.0', '2 existing backlogs, at most 0 allowed'];

describe('eligibility on the job screens', () => {
  it('shows Not eligible with every reason on the card', () => {
    renderWithApp(<JobCard job={{ ...job, eligibilityVerdict: { eligible: false, reasons, overridden: false } }} onView={() => undefined} />, { auth: signedIn('student') });
    expect(screen.getByText('Not eligible')).toBeInTheDocument();
    expect(screen.getByText('graduation CGPA 6.8 is below 7.0; 2 existing backlogs, at most 0 allowed')).toBeInTheDocument();
  });

  it('lists the reasons in the detail overlay, says Eligible, and shows nothing without a verdict', () => {
    const { rerender, container } = render(<EligibilityVerdict verdict={{ eligible: false, reasons, overridden: false }} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(reasons);
    rerender(<EligibilityVerdict verdict={{ eligible: true, reasons: [], overridden: false }} />);
    expect(screen.getByText('Eligible')).toBeInTheDocument();
    rerender(<EligibilityVerdict verdict={{ eligible: false, reasons, overridden: true }} />);
    expect(screen.getByText('You may apply: the placement cell made an exception for you.')).toBeInTheDocument();
    rerender(<EligibilityVerdict verdict={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("asks for 'Only jobs I am eligible for' and sends it as eligibleOnly", () => {
    const changes: unknown[] = [];
    render(<JobFiltersPanel filters={EMPTY_FILTERS} onChange={(change) => changes.push(change)} onClear={() => undefined} />);
    fireEvent.click(screen.getByLabelText('Only jobs I am eligible for'));
    expect(changes).toEqual([{ eligibleOnly: true }]);
    expect(listParams({ ...EMPTY_FILTERS, eligibleOnly: true }, 1)).toMatchObject({ eligibleOnly: 'true' });
    expect(listParams(EMPTY_FILTERS, 1)).not.toHaveProperty('eligibleOnly');
  });

  it('takes the rules in the job form, as the domain schema reads them', () => {
    let values: JobFormValues = emptyJobForm();
    const { rerender } = render(<JobFormFields values={values} errors={{}} onChange={(next) => (values = next)} />);
    fireEvent.change(screen.getByLabelText(/Minimum graduation score/), { target: { value: '7' } });
    rerender(<JobFormFields values={values} errors={{}} onChange={(next) => (values = next)} />);
    fireEvent.change(screen.getByLabelText(/Maximum existing backlogs/), { target: { value: '0' } });
    rerender(<JobFormFields values={values} errors={{}} onChange={(next) => (values = next)} />);
    fireEvent.click(screen.getByLabelText('SOET'));
    const rules = jobFormSchema(2025).shape.eligibilityRules.parse(values.eligibilityRules);
    expect(rules).toMatchObject({ minGraduation: 7, graduationScale: 'CGPA', maxBacklogs: 0, schools: ['SOET'], degrees: [] });
  });
});
