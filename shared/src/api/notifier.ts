/** What a toast may add to its message. */
export interface NotifyOptions {
  /** A button in the toast (« Annuler »): clicking it closes the toast and runs `onClick`. */
  action?: { label: string; onClick: () => void };
  /** Seconds the toast stays (default: the theme's TOAST_DURATION_SECONDS). */
  duration?: number;
}

/** Where the API client sends its toasts. The host plugs antd's notification API in at start-up. */
export interface Notifier {
  success(message: string, options?: NotifyOptions): void;
  info(message: string): void;
  error(message: string): void;
}

const consoleNotifier: Notifier = {
  success: (message) => console.info(message),
  info: (message) => console.info(message),
  error: (message) => console.error(message),
};

let current: Notifier = consoleNotifier;

export function setNotifier(notifier: Notifier | null): void {
  current = notifier ?? consoleNotifier;
}

export function notifier(): Notifier {
  return current;
}
