import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp, signedIn } from '../../../test/render';
import { profileReply } from '../../../test/sessionFixtures';
import type { Profile } from '../types';
import StudentDetailsPage from './StudentDetailsPage';

const blank: Profile = profileReply({ rollNo: 'R-17' });

const noDegree = { degree: '', percentageOrCGPA: '', passingYear: '' };
const complete: Profile = {
  ...blank,
  mobileNo: '9876543210',
  whatsappNo: '9876543210',
  fatherName: 'Ravi Verma',
  fatherNumber: '9123456780',
  education: { tenth: { percentage: 91, passingYear: '2017' }, twelfth: { percentage: 88, passingYear: '2019' }, graduation: noDegree, masters: noDegree },
  school: 'SOET',
  existingBacklogs: 0,
  areaOfInterest: 'Web development',
  skills: [{ id: 's1', name: 'React' }],
};

function renderForm(profile: Profile) {
  window.localStorage.setItem('token', 'token-1');
  return renderWithApp(<StudentDetailsPage />, {
    auth: signedIn('student'),
    preloadedState: { profile: { user: profile, loading: false, error: null, save: { status: 'idle', progress: 0, error: null, fieldErrors: {} } } },
  });
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

afterEach(() => window.localStorage.clear());

describe('StudentDetailsPage (profile form)', () => {
  it('shows fullName, email and rollNo read-only', () => {
    renderForm(blank);
    for (const [label, value] of [
      ['Full Name', 'Asha Verma'],
      ['Email', 'asha@university.edu'],
      ['Roll Number', 'R-17'],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveValue(value);
      expect(input).toHaveAttribute('readonly');
    }
  });

  it('offers six schools with distinct values', () => {
    renderForm(blank);
    const options = within(screen.getByLabelText(/^School/)).getAllByRole('option').map((option) => (option as HTMLOptionElement).value).filter(Boolean);
    expect(options).toEqual(['SOET', 'SOMC', 'SOHS', 'SOLS', 'SOED', 'Other']);
    expect(new Set(options).size).toBe(6);
  });

  it('shows the required messages and the skills empty state', () => {
    renderForm(blank);
    expect(screen.getByText('No skills added yet.')).toBeInTheDocument();
    save();
    for (const message of [
      'Mobile number is required',
      'WhatsApp number is required',
      "Father's name is required",
      "Father's number is required",
      '10th percentage is required',
      '10th passing year is required',
      '12th percentage is required',
      '12th passing year is required',
      'Please select a school',
      'Existing backlogs is required',
      'Area of interest is required',
      'Please add at least one skill',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
  });

  it('shows the format messages', () => {
    renderForm(complete);
    fireEvent.change(screen.getByLabelText(/^Mobile Number/), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText(/^WhatsApp Number/), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/^Father's Number/), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText(/^10th Passing Year/), { target: { value: '17' } });
    fireEvent.change(screen.getByLabelText(/^Graduation Passing Year/), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText(/^Existing Backlogs/), { target: { value: '-1' } });
    fireEvent.change(screen.getByLabelText(/^Alternate Email/), { target: { value: 'nope' } });
    fireEvent.change(screen.getByLabelText(/^Resume/), { target: { files: [new File(['x'], 'cv.docx', { type: 'application/msword' })] } });
    fireEvent.change(screen.getByLabelText(/^Profile Photo/), { target: { files: [new File(['x'], 'me.txt', { type: 'text/plain' })] } });
    save();
    expect(screen.getByText('Mobile number must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText('WhatsApp number must be 10 digits')).toBeInTheDocument();
    expect(screen.getByText("Father's number must be 10 digits")).toBeInTheDocument();
    expect(screen.getByText('10th passing year must be 4 digits')).toBeInTheDocument();
    expect(screen.getByText('Graduation passing year must be 4 digits')).toBeInTheDocument();
    expect(screen.getByText('Existing backlogs must be a whole number, 0 or more')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Resume must be a PDF')).toBeInTheDocument();
    expect(screen.getByText('Profile photo must be an image file')).toBeInTheDocument();
  });

  it('refuses percentages outside 0-100', () => {
    renderForm(complete);
    const tenth = screen.getByLabelText(/^10th Percentage/);
    fireEvent.change(tenth, { target: { value: '150' } });
    expect(tenth).toHaveValue(91);
    fireEvent.change(tenth, { target: { value: '99.5' } });
    expect(tenth).toHaveValue(99.5);
  });

  it('adds and removes skills', () => {
    renderForm(complete);
    const input = screen.getByLabelText(/^Add a skill/);
    fireEvent.change(input, { target: { value: 'Node, react, SQL' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const list = screen.getByRole('list', { name: 'Skills' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['React', 'Node', 'SQL']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove skill React' }));
    expect(within(list).queryByText('React')).not.toBeInTheDocument();
  });

  it('requires certification names and image files when certifications are on', () => {
    renderForm(complete);
    fireEvent.click(screen.getByLabelText('I have certifications'));
    fireEvent.change(screen.getByLabelText(/^Certification 1 Image/), { target: { files: [new File(['x'], 'c.pdf', { type: 'application/pdf' })] } });
    save();
    expect(screen.getByText('Each certification needs a name')).toBeInTheDocument();
    expect(screen.getByText('Certification image must be an image file')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove certification 1' }));
    expect(screen.getByText('No certifications available.')).toBeInTheDocument();
  });

  it('requires experience fields when the flag is on and keeps at least one entry', () => {
    renderForm(complete);
    fireEvent.click(screen.getByLabelText('I have work experience'));
    expect(screen.queryByRole('button', { name: 'Remove experience 1' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add Experience' }));
    expect(screen.getByRole('button', { name: 'Remove experience 2' })).toBeInTheDocument();
    save();
    expect(screen.getAllByText('Organization name is required')).toHaveLength(2);
    expect(screen.getAllByText('Duration is required')).toHaveLength(2);
    expect(screen.getAllByText('Details are required')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove experience 2' }));
    expect(screen.queryByRole('button', { name: /Remove experience/ })).not.toBeInTheDocument();
  });

  it('sends a valid form with its files', () => {
    const { store } = renderForm(complete);
    const resume = new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText(/^Resume/), { target: { files: [resume] } });
    fireEvent.click(screen.getByLabelText('I have work experience'));
    fireEvent.change(screen.getByLabelText(/^Experience 1 Organization/), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText(/^Experience 1 Duration/), { target: { value: '3 months' } });
    fireEvent.change(screen.getByLabelText(/^Experience 1 Details/), { target: { value: 'Built things' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Experience' }));
    fireEvent.change(screen.getByLabelText(/^Experience 2 Organization/), { target: { value: 'Beta' } });
    fireEvent.change(screen.getByLabelText(/^Experience 2 Duration/), { target: { value: '1 year' } });
    fireEvent.change(screen.getByLabelText(/^Experience 2 Details/), { target: { value: 'More things' } });
    save();
    expect(store.getState().profile.save.status).toBe('saving');
    expect(screen.getByText(/Uploading/)).toBeInTheDocument();
  });
});
