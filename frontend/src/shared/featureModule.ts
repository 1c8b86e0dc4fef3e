import type { Reducer } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';

/**
 * What one feature adds to the store: its reducers by state key and its sagas by name. The app
 * shell's own features are in the store from the start; every other feature is added (injected)
 * when the first of its screens loads, so the landing page ships none of their code.
 */
export interface FeatureModule<Reducers extends Record<string, Reducer> = Record<string, Reducer>> {
  reducers: Reducers;
  sagas: Readonly<Record<string, Saga<[]>>>;
}

export const featureModule = <Reducers extends Record<string, Reducer>>(feature: FeatureModule<Reducers>): FeatureModule<Reducers> => feature;
