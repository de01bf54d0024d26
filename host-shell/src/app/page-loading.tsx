import { PlainFormStyle, PlainIcon } from '../lib/plain-form';
import { PLAIN_TOKENS } from '../lib/plain-tokens';

/** FullPageSpinner without antd: what shows while the signed-in part's code loads (app.tsx). */
export function PageLoading({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="plain-text"
      style={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', background: '#fff' }}
    >
      <PlainFormStyle />
      <div style={{ display: 'grid', justifyItems: 'center', gap: 8, color: PLAIN_TOKENS.colorPrimary }}>
        <span style={{ fontSize: 32, display: 'inline-flex' }}>
          <PlainIcon name="loading" spin />
        </span>
        {label}
      </div>
    </div>
  );
}
