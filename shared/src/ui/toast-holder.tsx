// antd's notification API, loaded with the first toast (app-providers.tsx): a session that shows none never
// downloads it.
import { Button, notification } from 'antd';
import { useEffect } from 'react';
import type { Notifier, NotifyOptions } from '../api/notifier';
import { TOAST_DURATION_SECONDS } from './theme';

/** A toast asked for: the notifier's method and its arguments. */
export interface ToastCall {
  type: 'success' | 'info' | 'error';
  title: string;
  options?: NotifyOptions;
}

/**
 * Shows toasts bottom-left, 5 s, themed and in context: it hands its notifier to `onReady`, which answers the
 * calls made before it had loaded, shown first. The same message while it is still shown replaces it
 * rather than stacking a copy: three counters failing together, or a query failing again on its one retry, say it
 * once. A toast may carry one action (« Annuler » after a bulk write).
 */
export default function ToastHolder({ onReady }: { onReady: (notifier: Notifier) => readonly ToastCall[] }) {
  const [api, holder] = notification.useNotification();
  useEffect(() => {
    const show = ({ type, title, options = {} }: ToastCall) => {
      const key = `${type}:${title}`;
      const { action } = options;
      api[type]({
        key,
        title,
        placement: 'bottomLeft',
        duration: options.duration ?? TOAST_DURATION_SECONDS,
        actions: action && (
          <Button
            size="small"
            onClick={() => {
              api.destroy(key);
              action.onClick();
            }}
          >
            {action.label}
          </Button>
        ),
      });
    };
    const queued = onReady({
      success: (title, options) => show({ type: 'success', title, ...(options && { options }) }),
      info: (title) => show({ type: 'info', title }),
      error: (title) => show({ type: 'error', title }),
    });
    for (const call of queued) show(call);
  }, [api, onReady]);
  return holder;
}
