import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_EVENTS, type ChangementEvent } from '../contract/notification-values';
import {
  followEntity,
  publishRealtimeEvent,
  setRealtimeConnection,
  subscribeRealtime,
  useFollowEntity,
  useRealtimeEvent,
} from './realtime';

afterEach(() => setRealtimeConnection(null));

describe('the live feed seen from a remote (through shared)', () => {
  it('hands each published event to its subscribers until they unsubscribe', () => {
    const handler = vi.fn();
    const unsubscribe = subscribeRealtime('tache', handler);
    publishRealtimeEvent('tache', { id: 1 });
    publishRealtimeEvent('autre', { id: 2 });
    unsubscribe();
    publishRealtimeEvent('tache', { id: 3 });
    expect(handler.mock.calls).toEqual([[{ id: 1 }]]);
  });

  it('follows once per entity however many cards show it, and stops with the last', () => {
    const emit = vi.fn();
    setRealtimeConnection({ emit });
    const stopA = followEntity('demande', 7);
    const stopB = followEntity('demande', 7);
    stopA();
    stopA();
    expect(emit.mock.calls).toEqual([[REALTIME_EVENTS.suivre, { entite: 'demande', id: 7 }]]);
    stopB();
    expect(emit.mock.calls.at(-1)).toEqual([REALTIME_EVENTS.ne_plus_suivre, { entite: 'demande', id: 7 }]);
  });

  it('sends the follows in force again on each (re)connection', () => {
    const stop = followEntity('reservation', 3);
    const emit = vi.fn();
    setRealtimeConnection({ emit });
    expect(emit.mock.calls).toEqual([[REALTIME_EVENTS.suivre, { entite: 'reservation', id: 3 }]]);
    stop();
  });

  it('useFollowEntity calls back on a change of that entity only, while mounted', () => {
    const emit = vi.fn();
    setRealtimeConnection({ emit });
    const onChange = vi.fn();
    const received = vi.fn();
    function Card() {
      useFollowEntity('demande', 12, onChange);
      useRealtimeEvent<ChangementEvent>(REALTIME_EVENTS.changement, received);
      return null;
    }
    const view = render(<Card />);
    const change = (id: number): ChangementEvent => ({ entite: 'demande', id, par: 4 });
    act(() => {
      publishRealtimeEvent(REALTIME_EVENTS.changement, change(12));
      publishRealtimeEvent(REALTIME_EVENTS.changement, change(13));
    });
    expect(onChange.mock.calls).toEqual([[change(12)]]);
    expect(received).toHaveBeenCalledTimes(2);
    view.unmount();
    publishRealtimeEvent(REALTIME_EVENTS.changement, change(12));
    expect(onChange).toHaveBeenCalledOnce();
    expect(emit.mock.calls).toEqual([
      [REALTIME_EVENTS.suivre, { entite: 'demande', id: 12 }],
      [REALTIME_EVENTS.ne_plus_suivre, { entite: 'demande', id: 12 }],
    ]);
  });
});
