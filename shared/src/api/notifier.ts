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

type HeldCall = (notifier: Notifier) => void;

/** A notifier that keeps each call, in order, for the next one set (holdToasts). */
function holdingNotifier(held: HeldCall[]): Notifier {
  return {
    success: (message, options) => held.push((next) => next.success(message, options)),
    info: (message) => held.push((next) => next.info(message)),
    error: (message) => held.push((next) => next.error(message)),
  };
}

let held: HeldCall[] | null = null;

/**
 * From now until a notifier is set, the toasts wait, in order, instead of going to the console or to a notifier
 * about to leave: the host's login page runs outside the providers that show them, and its « Bienvenue » is shown
 * by the dashboard's once they have mounted (host-shell/src/app/signed-in.tsx). Unsetting (`null`) keeps them
 * waiting.
 */
export function holdToasts(): void {
  held ??= [];
  current = holdingNotifier(held);
}

export function setNotifier(notifier: Notifier | null): void {
  if (!notifier) {
    if (!held) current = consoleNotifier;
    return;
  }
  current = notifier;
  const waiting = held ?? [];
  held = null;
  for (const call of waiting) call(notifier);
}

export function notifier(): Notifier {
  return current;
}
