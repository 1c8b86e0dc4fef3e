import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import type { Notification } from './notificationsSlice';

/** PrimeReact's Toast, loaded with the first notification. */
export default function ToastOutlet({ queue, onShown }: { queue: Notification[]; onShown: (ids: string[]) => void }) {
  const toast = useRef<Toast>(null);

  useEffect(() => {
    if (queue.length === 0 || !toast.current) return;
    toast.current.show(queue.map((entry) => ({ severity: entry.severity, summary: entry.summary, detail: entry.detail, life: 5000 })));
    onShown(queue.map((entry) => entry.id));
  }, [queue, onShown]);

  return <Toast ref={toast} position="top-right" />;
}
