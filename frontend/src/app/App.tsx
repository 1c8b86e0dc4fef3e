import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { awaitOpenedRoute } from './openedRoute';
import { preloadSignedInRoute } from './pages';
import type { AppStore } from './store';

/** The application: the store and the router. */
export function App({ store }: { store: AppStore }) {
  // At start: the opened route's layout and screen load while the route guard waits for the session
  // check, and the guard waits for them too, so that both render at once with the user.
  useEffect(() => awaitOpenedRoute(preloadSignedInRoute(window.location.pathname, store.getState().auth)), [store]);
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}
