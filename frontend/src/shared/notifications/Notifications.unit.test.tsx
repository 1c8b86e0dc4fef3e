import { act, screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render';
import { Notifications } from './Notifications';
import { notify } from './notificationsSlice';

describe('Notifications', () => {
  it('renders nothing until the first notification, then shows it as a toast', async () => {
    const { store, container } = renderWithApp(<Notifications />);
    expect(container).toBeEmptyDOMElement();
    act(() => {
      store.dispatch(notify({ severity: 'success', summary: 'Profile updated successfully!' }));
    });
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(store.getState().notifications.queue).toEqual([]);
  });
});
