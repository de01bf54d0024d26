import { Tooltip } from 'antd';
import { useStore } from 'zustand';
import { realtimeStore, type RealtimeState } from 'shared/realtime';

const LABELS: Record<RealtimeState, string> = {
  open: 'Temps réel : connecté',
  opening: 'Temps réel : connexion en cours…',
  closed: 'Temps réel : déconnecté',
};

const COLORS: Record<RealtimeState, string> = { open: '#52c41a', opening: '#faad14', closed: '#bfbfbf' };

/** Spec §4's socket states, discreetly: a dot in the top bar, its state and last error in the tooltip. */
export function ConnectionState() {
  const { state, error } = useStore(realtimeStore);
  const label = error && state !== 'open' ? `${LABELS[state]} — ${error}` : LABELS[state];
  return (
    <Tooltip title={label}>
      <span
        role="status"
        aria-label={label}
        data-testid="realtime-state"
        data-state={state}
        style={{
          display: 'inline-block',
          width: 8,
          height: 8,
          borderRadius: '50%',
          background: COLORS[state],
        }}
      />
    </Tooltip>
  );
}
