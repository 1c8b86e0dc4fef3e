import { featureModule } from '../../shared/featureModule';
import { myApplicationsReducer } from './myApplicationsSlice';
import { myApplicationsSaga } from './sagas';

export default featureModule({ reducers: { myApplications: myApplicationsReducer }, sagas: { myApplications: myApplicationsSaga } });
