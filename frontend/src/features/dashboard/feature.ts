import { featureModule } from '../../shared/featureModule';
import { dashboardReducer } from './dashboardSlice';
import { dashboardSaga } from './sagas';

export default featureModule({ reducers: { dashboard: dashboardReducer }, sagas: { dashboard: dashboardSaga } });
