/** Where the API client sends its toasts. The host plugs antd's notification API in at start-up. */
export interface Notifier {
  success(message: string): void;
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
