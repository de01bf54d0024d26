import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdToasts, notifier, setNotifier } from './notifier';

const shown = () => {
  const calls: string[] = [];
  const notifier = {
    success: (message: string, options?: { duration?: number }) =>
      calls.push(`success ${message} ${options?.duration}`),
    info: (message: string) => calls.push(`info ${message}`),
    error: (message: string) => calls.push(`error ${message}`),
  };
  return { calls, notifier };
};

// Back to the console notifier between tests (a notifier set ends any holding).
afterEach(() => {
  setNotifier(shown().notifier);
  setNotifier(null);
});

describe('notifier', () => {
  it('held toasts wait, in order, for the first notifier set, then go to it', () => {
    holdToasts();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    notifier().success('Bienvenue, Camille !', { duration: 3 });
    notifier().error('Échec');
    notifier().info('Pour information');
    expect(info).not.toHaveBeenCalled();

    const { calls, notifier: first } = shown();
    setNotifier(first);
    expect(calls).toEqual(['success Bienvenue, Camille ! 3', 'error Échec', 'info Pour information']);
    notifier().info('Ensuite');
    expect(calls).toHaveLength(4);
  });

  it('a notifier unset while toasts are held leaves them held for the next one (login page → dashboard)', () => {
    const leaving = shown();
    setNotifier(leaving.notifier);
    holdToasts();
    notifier().success('Bienvenue, Camille !');
    setNotifier(null);
    notifier().info('Encore');
    const next = shown();
    setNotifier(next.notifier);
    expect(leaving.calls).toEqual([]);
    expect(next.calls).toEqual(['success Bienvenue, Camille ! undefined', 'info Encore']);
  });

  it('without holding, a toast before any notifier goes to the console', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    notifier().success('Enregistré');
    expect(info).toHaveBeenCalledWith('Enregistré');
  });
});
