import type { ResultProps } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * Without antd's Result — while its file arrives, or when it could not be fetched —: the same texts and actions,
 * plainly, so that what happened is on screen at once.
 */
function PlainResult({ title, subTitle, extra }: ResultProps) {
  return (
    <div style={{ padding: '32px 16px', textAlign: 'center' }}>
      <div style={{ fontSize: 20 }}>{title}</div>
      {subTitle && <div style={{ marginTop: 8 }}>{subTitle}</div>}
      {extra && <div style={{ marginTop: 16 }}>{extra}</div>}
    </div>
  );
}

const AntdResult = lazy((): Promise<{ default: ComponentType<ResultProps> }> =>
  import('antd/es/result').catch(() => ({ default: PlainResult })),
);

/**
 * antd's Result (an error, a missing record), fetched the first time one is shown: with its illustrations it is
 * ≈ 8 kB brotli, which every list's first visit downloaded for a state it seldom shows (issue 37 §5; the host's
 * `extras` file, shared/src/federation/host-chunks.ts). If that file cannot be fetched — the network that failed
 * the list may be down — the texts and actions still show.
 */
export function ResultWhenShown(props: ResultProps) {
  return (
    <Suspense fallback={<PlainResult {...props} />}>
      <AntdResult {...props} />
    </Suspense>
  );
}
