import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { reloadAt } from '../../shared/navigation';
import { renderWithApp, signedIn } from '../../test/render';
import { BareLayout } from './BareLayout';
import { PublicLayout } from './PublicLayout';
import { StudentLayout } from './StudentLayout';

jest.mock('../../shared/navigation', () => ({ ...jest.requireActual('../../shared/navigation'), reloadAt: jest.fn() }));

function Broken(): never {
  throw new Error('render failed');
}

/** One route area: its layout with a home screen and a screen that throws. */
const area = (layout: ReactElement, home: string) => (
  <Routes>
    <Route element={layout}>
      <Route path={home} element={<p>Home screen</p>} />
      <Route path="/broken" element={<Broken />} />
    </Route>
  </Routes>
);

const AREAS = [
  { name: 'public', layout: <PublicLayout />, home: '/', label: 'Back to Home', auth: undefined },
  { name: 'student', layout: <StudentLayout />, home: '/dashboard', label: 'Back to Dashboard', auth: signedIn('student', { fullName: 'Asha Verma', role: 'student', profilePhoto: null }) },
  { name: 'admin', layout: <BareLayout />, home: '/admin-panel', label: 'Back to Admin Panel', auth: signedIn('admin') },
];

describe('an error boundary per route area', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.mocked(reloadAt).mockClear();
  });
  afterEach(() => consoleError.mockRestore());

  it.each(AREAS)('$name: a screen that throws shows a way back and a reload inside the layout, and the way back works', async ({ layout, home, label, auth }) => {
    const user = userEvent.setup();
    renderWithApp(area(layout, home), { route: '/broken', auth });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    // The layout stays: the boundary sits inside the main landmark.
    expect(screen.getByRole('main')).toContainElement(alert);
    expect(consoleError).toHaveBeenCalledWith('screen /broken crashed', new Error('render failed'), expect.any(String));

    await user.click(within(alert).getByRole('button', { name: 'Reload page' }));
    expect(reloadAt).toHaveBeenCalledWith('/');

    const back = within(alert).getByRole('link', { name: label });
    expect(back).toHaveAttribute('href', home);
    await user.click(back);
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
