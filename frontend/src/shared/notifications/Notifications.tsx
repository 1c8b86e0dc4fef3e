import { lazy, Suspense, useCallback, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { notificationsShown, type NotificationsState } from './notificationsSlice';

const ToastOutlet = lazy(() => import('./ToastOutlet'));

/**
 * The one toast outlet of the app: sagas and screens `dispatch(notify({ severity, summary, detail }))`.
 * The toast component loads with the first notification, so it is no part of the initial bundle.
 */
export function Notifications() {
  const queue = useSelector((state: { notifications: NotificationsState }) => state.notifications.queue);
  const dispatch = useDispatch();
  const [needed, setNeeded] = useState(false);
  const onShown = useCallback((ids: string[]) => dispatch(notificationsShown(ids)), [dispatch]);

  if (queue.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastOutlet queue={queue} onShown={onShown} />
    </Suspense>
  );
}
