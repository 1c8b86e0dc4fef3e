import { act, fireEvent, screen, within } from '@testing-library/react';
import { JOB_CATEGORY_SUGGESTIONS } from '@placement/domain';
import { authState, renderWithApp, routesAround, settle, signedIn } from '../../../test/render';
import PostJobPage from './PostJobPage';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit Job Posting' }));
const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValid() {
  fill(/^Company Name/, 'Acme');
  fill(/^Website/, 'https://acme.test');
  fill(/^Year of Establishment/, '1999');
  fill(/^Office Address/, '1 Main Street');
  fill(/^Contact Person Name/, 'Ravi');
  fill(/^Contact Number/, '9876543210');
  fill(/^Email/, 'hr@acme.test');
  fill(/^Job Profile/, 'Frontend Engineer');
  fill(/^CTC\/Stipend/, '12 LPA');
  fill(/^Location/, 'Pune');
  fill(/^Date of Joining/, '2026-07-01');
  fill(/^Eligibility/, 'B.Tech 2026');
  fireEvent.click(screen.getByLabelText('Internship + PPO'));
  fill(/^Skills/, 'React, node ,react,');
  fill(/^Category/, 'Frontend Developer');
}

describe('PostJobPage', () => {
  it('shows the public variant to a visitor, with the defaults', () => {
    renderWithApp(<PostJobPage />, { auth: authState() });
    expect(screen.getByRole('heading', { level: 1, name: 'Post a Job' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Vacancies/)).toHaveValue(1);
    expect(screen.getByLabelText(/^Result Declaration/)).toHaveValue('Same day');
    expect(screen.getByLabelText(/^Reference/)).toHaveValue('Self');
    expect(within(screen.getByLabelText(/^Result Declaration/)).getAllByRole('option').map((option) => option.textContent)).toEqual(['Same day', 'Within a week', 'Within a month', 'After a month']);
    for (const type of ['Full time Employment', 'Internship + PPO', 'Apprenticeship', 'Summer Internship']) expect(screen.getByLabelText(type)).not.toBeChecked();
  });

  it('sends a signed-in student away', async () => {
    renderWithApp(routesAround('/post-job', <PostJobPage />), { route: '/post-job', auth: signedIn('student') });
    await settle();
    expect(screen.getByTestId('location')).toHaveTextContent('/student-details');
  });

  it('shows every required message', () => {
    renderWithApp(<PostJobPage />, { auth: authState() });
    fill(/^Vacancies/, '');
    submit();
    expect(screen.getAllByText('This field is required')).toHaveLength(13);
    expect(screen.getByText('Please select at least one offer type')).toBeInTheDocument();
    expect(screen.getByText('Please add at least one skill')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one category')).toBeInTheDocument();
  });

  it('shows the format messages', () => {
    renderWithApp(<PostJobPage />, { auth: authState() });
    fill(/^Email/, 'not-an-email');
    fill(/^Year of Establishment/, '1700');
    fill(/^Skills/, ' , ,');
    submit();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid year')).toBeInTheDocument();
    expect(screen.getByText('Please add at least one skill')).toBeInTheDocument();
    fill(/^Year of Establishment/, String(new Date().getFullYear() + 1));
    expect(screen.getByText('Please enter a valid year')).toBeInTheDocument();
    fill(/^Vacancies/, '0');
    expect(screen.getByText('Vacancies must be a whole number of at least 1')).toBeInTheDocument();
  });

  it('suggests about 70 categories and adds custom ones once', () => {
    const { container } = renderWithApp(<PostJobPage />, { auth: authState() });
    expect(JOB_CATEGORY_SUGGESTIONS.length).toBeGreaterThanOrEqual(65);
    expect(container.querySelectorAll('datalist option')).toHaveLength(JOB_CATEGORY_SUGGESTIONS.length);
    fill(/^Category/, 'Frontend Developer');
    expect(container.querySelectorAll('datalist option')).toHaveLength(JOB_CATEGORY_SUGGESTIONS.length - 1);
    const input = screen.getByLabelText(/^Category/);
    fireEvent.change(input, { target: { value: 'Rust Wrangler' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'rust wrangler' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    const chosen = screen.getByRole('list', { name: 'Chosen categories' });
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Frontend Developer', 'Rust Wrangler']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove category Rust Wrangler' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
  });

  it('posts a visitor job to the public endpoint with integers and parsed skills', () => {
    const { store } = renderWithApp(<PostJobPage />, { auth: authState() });
    const dispatched: unknown[] = [];
    const original = store.dispatch;
    store.dispatch = ((action: unknown) => {
      dispatched.push(action);
      return original(action as never);
    }) as typeof store.dispatch;
    fillValid();
    expect(within(screen.getByRole('list', { name: 'Skills to be posted' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['React', 'node']);
    submit();
    expect(store.getState().postJob.status).toBe('submitting');
    const action = dispatched.find((entry) => (entry as { type: string }).type === 'postJob/postJobRequested') as { payload: { mode: string; job: Record<string, unknown> } };
    expect(action.payload.mode).toBe('public');
    expect(action.payload.job).toMatchObject({ yearOfEstablishment: 1999, vacancies: 1, skills: ['React', 'node'], category: ['Frontend Developer'], offerType: ['Internship + PPO'], reference: 'Self', resultDeclaration: 'Same day' });
  });

  it('shows success and failure texts', () => {
    const { store } = renderWithApp(<PostJobPage />, { auth: authState() });
    act(() => {
      store.dispatch({ type: 'postJob/postJobFailed', payload: { message: 'Error: Failed to submit job posting' } });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Failed to submit job posting');
    act(() => {
      store.dispatch({ type: 'postJob/postJobSucceeded' });
    });
    expect(screen.getByText('Job posting submitted successfully and awaiting admin approval')).toBeInTheDocument();
  });
});
