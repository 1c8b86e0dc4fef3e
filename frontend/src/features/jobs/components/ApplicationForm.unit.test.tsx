import { fireEvent, screen } from '@testing-library/react';
import { listedJob } from '../../../test/jobFixtures';
import { renderWithApp, signedIn } from '../../../test/render';
import { ApplicationForm } from './ApplicationForm';

const job = listedJob({ _id: 'job-1', profiles: 'Frontend Engineer', companyName: 'Acme' });

describe('ApplicationForm validation', () => {
  it('shows the required messages', () => {
    renderWithApp(<ApplicationForm job={job} onCancel={() => undefined} />, { auth: signedIn('student', { fullName: '', email: '', role: 'student' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Resume is required')).toBeInTheDocument();
  });

  it('shows the format messages', () => {
    renderWithApp(<ApplicationForm job={job} onCancel={() => undefined} />, { auth: signedIn('student') });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText(/Resume/), { target: { files: [new File(['x'], 'resume.txt', { type: 'text/plain' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Resume must be PDF, DOC, or DOCX')).toBeInTheDocument();
  });

  it('submits a valid form', () => {
    const { store } = renderWithApp(<ApplicationForm job={job} onCancel={() => undefined} />, { auth: signedIn('student') });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'asha@university.edu' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText(/Resume/), { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(store.getState().jobListings.apply.status).toBe('submitting');
    expect(screen.getByText(/Uploading/)).toBeInTheDocument();
  });
});
