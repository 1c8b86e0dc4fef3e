import { screen } from '@testing-library/react';
import { renderWithApp, signedIn } from '../../../test/render';
import { profileApi } from '../api';
import ProfilePage, { PROFILE_EMPTY } from './ProfilePage';

jest.mock('../api', () => ({ profileApi: { me: jest.fn() } }));
const me = profileApi.me as jest.Mock;
afterEach(() => me.mockReset());

describe('ProfilePage', () => {
  it('shows every empty text', async () => {
    window.localStorage.setItem('token', 'token-1');
    me.mockResolvedValue({ data: { _id: 'u1', fullName: 'Asha Verma', email: 'asha@university.edu', skills: [], certifications: [], experience: [{ hasExperience: false }], resume: null } });
    renderWithApp(<ProfilePage />, { auth: signedIn('student'), withSagas: true });
    expect(await screen.findByText(PROFILE_EMPTY.resume)).toBeInTheDocument();
    expect(screen.getByText('No skills added yet.')).toBeInTheDocument();
    expect(screen.getByText('No certifications available.')).toBeInTheDocument();
    expect(screen.getByText('No experience added.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Edit/ })).toHaveAttribute('href', '/student-details');
  });
});
