import { featureModule } from '../../shared/featureModule';
import { interviewsReducer } from './interviewsSlice';
import { interviewsSaga } from './sagas';

export default featureModule({ reducers: { interviews: interviewsReducer }, sagas: { interviews: interviewsSaga } });
