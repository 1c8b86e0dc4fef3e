import { createSlice } from '@reduxjs/toolkit';
import { render, screen as view } from '@testing-library/react';
import { Provider, useSelector } from 'react-redux';
import { put, takeEvery } from 'redux-saga/effects';
import shell from '../features/auth/feature';
import { featureModule } from '../shared/featureModule';
import { createAppStore } from './createStore';
import { screen, setFeatureInjector } from './lazyScreens';

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
