import { featureModule } from '../../shared/featureModule';
import { trainingsSaga } from './sagas';
import { trainingsReducer } from './trainingsSlice';

export default featureModule({ reducers: { trainings: trainingsReducer }, sagas: { trainings: trainingsSaga } });
