import type AntdTabs from 'antd/es/tabs';
import { lazy, Suspense, type ComponentProps } from 'react';

const Tabs = lazy(() => import('antd/es/tabs'));

/**
 * The Tabs antd's Card imports for its `tabList`, fetched when a card first shows tabs. Imported as it is, it put the
 * whole Tabs (≈ 10 kB brotli, `@rc-component/tabs` with it) in every page's first visit, since every page's content
 * is a Card (shared/ui's PageFrame); no screen gives a card tabs. The host's build gives Card this module instead
 * (HOST_MODULE_REPLACEMENTS, shared/src/federation/host-chunks.ts); Tabs itself is the host's `extras` file.
 */
export default function CardTabs(props: ComponentProps<typeof AntdTabs>) {
  return (
    <Suspense fallback={null}>
      <Tabs {...props} />
    </Suspense>
  );
}
