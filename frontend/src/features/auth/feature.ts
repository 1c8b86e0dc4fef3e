import { featureModule } from '../../shared/featureModule';
import { notificationsReducer } from '../../shared/notifications/notificationsSlice';
import { authReducer } from '../../shared/session/authSlice';
import { passwordReducer } from '../../shared/session/passwordSlice';
import { passwordSaga } from './passwordSagas';
import { registrationReducer } from './registrationSlice';
import { authSaga } from './sagas';

/** The app shell's feature, in the store from the start: the session, sign-in, sign-up, passwords and the toasts. */
export default featureModule({
  reducers: { auth: authReducer, registration: registrationReducer, password: passwordReducer, notifications: notificationsReducer },
  sagas: { auth: authSaga, password: passwordSaga },
});
