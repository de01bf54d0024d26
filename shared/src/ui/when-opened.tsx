import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose module is fetched the first time it opens, with the antd Modal and Form it renders (the host's
 * `dialogs` and `forms` files, shared/src/federation/host-chunks.ts): a screen that only offers it does not
 * download them with its first visit (issue 37 §5). Once opened it stays mounted, so that closing plays the modal's
 * exit and a second opening is immediate.
 */
export function whenOpened<P extends { open: boolean }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function DialogWhenOpened(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
