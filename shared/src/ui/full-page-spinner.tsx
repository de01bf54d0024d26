import { Spin } from 'antd';

/** Full-screen centred spinner shown while a page loads (spec §2). */
export function FullPageSpinner({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', background: '#fff' }}
    >
      <Spin size="large" description={label} />
    </div>
  );
}

/** Spinner centred in the content area (remote pages loading inside the shell). */
export function ContentSpinner({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <Spin size="large" description={label} />
    </div>
  );
}
