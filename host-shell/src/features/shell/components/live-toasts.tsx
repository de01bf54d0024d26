// antd's notification API for the live feed's toasts, loaded with the first event that shows one (use-live-feed.tsx):
// a session without any never downloads it.
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';

/** The toasts' holder; hands their API to `onReady` once mounted. */
export default function LiveToasts({ onReady }: { onReady: (toasts: NotificationInstance) => void }) {
  const [toasts, holder] = notification.useNotification({ stack: { threshold: 3 } });
  useEffect(() => onReady(toasts), [toasts, onReady]);
  return holder;
}
