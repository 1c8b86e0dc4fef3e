import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import SubmitExperiencePage from './SubmitExperiencePage';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit Experience' }));

describe('SubmitExperiencePage', () => {
  it('has the title and the defaults', () => {
    renderWithApp(<SubmitExperiencePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Share Your Interview Experience' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Offer Status/)).toHaveValue('No Selected');
    expect(screen.getByLabelText(/^Experience Rating/)).toHaveValue('Neutral');
    expect(screen.getByLabelText(/^Difficulty/)).toHaveValue('Medium');
    expect(screen.getByLabelText(/^Round 1 Name/)).toHaveValue('');
    expect(screen.queryByLabelText(/^Round 2 Name/)).not.toBeInTheDocument();
  });

  it('shows the required messages', () => {
    renderWithApp(<SubmitExperiencePage />);
    submit();
    for (const message of [
      'Please enter the company name',
      'Please enter the role',
      'Please enter your name',
      'Please enter the batch',
      'Please enter the course',
      'Please enter the interview location',
      'Please enter the round name',
      'Please enter the round description',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
  });

  it('adds rounds and removes them only while more than one exists', () => {
    renderWithApp(<SubmitExperiencePage />);
    expect(screen.queryByRole('button', { name: /Remove round/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Round' }));
    expect(screen.getByLabelText(/^Round 2 Name/)).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Remove round 1' }));
    expect(screen.queryByLabelText(/^Round 2 Name/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove round/ })).not.toBeInTheDocument();
  });

  it('submits a complete form, then resets it on success', () => {
    const { store } = renderWithApp(<SubmitExperiencePage />);
    const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill(/^Company Name/, 'Acme');
    fill(/^Role/, 'SDE Intern');
    fill(/^Your Name/, 'Asha');
    fill(/^Batch/, '2025');
    fill(/^Course/, 'B.Tech');
    fill(/^Interview Location/, 'Online');
    fill(/^Difficulty/, 'Hard');
    fill(/^Round 1 Name/, 'Online Test');
    fill(/^Round 1 Description/, 'Two problems');
    submit();
    expect(store.getState().interviews.submit.status).toBe('submitting');
    act(() => {
      store.dispatch({ type: 'interviews/experienceSubmitted' });
    });
    expect(screen.getByText('Interview experience submitted successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Company Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Difficulty/)).toHaveValue('Medium');
  });

  it('shows a submit failure', () => {
    const { store } = renderWithApp(<SubmitExperiencePage />);
    act(() => {
      store.dispatch({ type: 'interviews/experienceSubmitFailed', payload: { message: 'Failed to submit experience.' } });
    });
    expect(screen.getByText('Failed to submit experience.')).toBeInTheDocument();
  });
});
