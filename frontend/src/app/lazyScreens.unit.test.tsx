import { createSlice } from '@reduxjs/toolkit';
import { Suspense, useState } from 'react';
import { act, render, screen as view } from '@testing-library/react';
import { Provider, useSelector } from 'react-redux';
import { put, takeEvery } from 'redux-saga/effects';
import shell from '../features/auth/feature';
import { featureModule } from '../shared/featureModule';
import { createAppStore } from './createStore';
import { lazyPart, screen, setFeatureInjector } from './lazyScreens';
import { preloadSignedInRoute } from './pages';

/** A feature loaded later: a counter of pings and a saga that answers each ping. */
const probeSlice = createSlice({
  name: 'probe',
  initialState: { pongs: 0 },
  reducers: { ping: (state) => state, pong: (state) => ({ pongs: state.pongs + 1 }) },
});
const probeFeature = featureModule({
  reducers: { probe: probeSlice.reducer },
  sagas: {
    probe: function* probeSaga() {
      yield takeEvery(probeSlice.actions.ping.type, function* answer() {
        yield put(probeSlice.actions.pong());
      });
    },
  },
});
const probeState = (store: { getState: () => unknown }) => (store.getState() as { probe?: { pongs: number } }).probe;

afterEach(() => setFeatureInjector(null));

describe('features outside the shell join the store with their first screen', () => {
  it('the shell store starts without them; injecting one adds its state and starts its sagas once', () => {
    const store = createAppStore([shell]);
    expect(Object.keys(store.getState()).sort()).toEqual(['auth', 'notifications', 'password', 'registration']);
    expect(probeState(store)).toBeUndefined();

    store.injectFeature(probeFeature);
    expect(probeState(store)).toEqual({ pongs: 0 });
    store.dispatch(probeSlice.actions.ping());
    expect(probeState(store)).toEqual({ pongs: 1 });

    // A second screen of the same feature injects it again: nothing doubles.
    store.injectFeature(probeFeature);
    store.dispatch(probeSlice.actions.ping());
    expect(probeState(store)).toEqual({ pongs: 2 });
    expect(Object.keys(store.getState())).toContain('auth');
  });

  it("a lazy screen's feature is injected before the screen renders", async () => {
    const store = createAppStore([shell]);
    setFeatureInjector(store.injectFeature);
    function ProbePage() {
      const pongs = useSelector((state: { probe: { pongs: number } }) => state.probe.pongs);
      return <p>{`pongs: ${pongs}`}</p>;
    }
    const Lazy = screen(() => Promise.resolve({ default: ProbePage }), { feature: () => Promise.resolve({ default: probeFeature }), zod: false });
    render(
      <Provider store={store}>
        <Lazy />
      </Provider>,
    );
    expect(await view.findByText('pongs: 0')).toBeInTheDocument();
  });
});

describe('a lazy part loaded ahead renders without suspending (issue 14)', () => {
  function Counter() {
    const [count, setCount] = useState(0);
    return (
      <button type="button" onClick={() => setCount(count + 1)}>
        {`count: ${count}`}
      </button>
    );
  }
  const inSuspense = (Part: () => React.ReactElement) => (
    <Suspense fallback={<p>spinner</p>}>
      <Part />
    </Suspense>
  );

  it('once preloaded, its first render shows it at once: no fallback', async () => {
    const Part = lazyPart(() => Promise.resolve({ default: Counter }));
    await act(() => Part.preload());
    render(inSuspense(Part));
    expect(view.queryByText('spinner')).not.toBeInTheDocument();
    expect(view.getByText('count: 0')).toBeInTheDocument();
  });

  it('not preloaded, it shows the fallback until its chunk arrives; a re-render after that keeps its state', async () => {
    let arrive: (module: { default: typeof Counter }) => void = () => undefined;
    const load = jest.fn(() => new Promise<{ default: typeof Counter }>((resolve) => (arrive = resolve)));
    const Part = lazyPart(load);
    const { rerender } = render(inSuspense(Part));
    expect(view.getByText('spinner')).toBeInTheDocument();
    await act(async () => arrive({ default: Counter }));
    await act(async () => view.getByRole('button').click());
    expect(view.getByText('count: 1')).toBeInTheDocument();
    rerender(inSuspense(Part));
    expect(view.getByText('count: 1')).toBeInTheDocument();
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load is tried again by the next preload', async () => {
    const load = jest.fn<Promise<{ default: typeof Counter }>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Counter });
    const Part = lazyPart(load);
    await expect(Part.preload()).rejects.toThrow('offline');
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the opened route loads its layout and screen during the session check', () => {
  it('for a stored token whose role may open the route, paths matched as the route table does', () => {
    expect(preloadSignedInRoute('/job-listings', { token: 't', role: 'student' })).toHaveLength(2);
    expect(preloadSignedInRoute('/Job-Listings/', { token: 't', role: 'student' })).toHaveLength(2);
    expect(preloadSignedInRoute('/admin-panel', { token: 't', role: 'staff' })).toHaveLength(1);
  });

  it('nothing for a public route, without a token, or for a role the route sends elsewhere', () => {
    expect(preloadSignedInRoute('/', { token: 't', role: 'student' })).toEqual([]);
    expect(preloadSignedInRoute('/job-listings', { token: null, role: 'student' })).toEqual([]);
    expect(preloadSignedInRoute('/job-listings', { token: 't', role: 'admin' })).toEqual([]);
    expect(preloadSignedInRoute('/admin-panel', { token: 't', role: 'student' })).toEqual([]);
  });
});
