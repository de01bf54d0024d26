import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, Grid, theme as antdTheme } from 'antd';
import frFR from 'antd/es/locale/fr_FR';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { setNotifier, type Notifier } from '../api/notifier';
import { createQueryClient } from '../api/query-client';
import { AuthProvider } from '../auth/auth-provider';
import { authStore } from '../auth/auth-store';
import { validateMessages } from '../i18n/validate-messages';
import '../format/dates';
import { narrowTheme, theme } from './theme';
import type { ToastCall } from './toast-holder';

const ToastHolder = lazy(() => import('./toast-holder'));

/**
 * Plugs the toasts into the API client. antd's notification API (ToastHolder, ~11 kB brotli with its rc-component
 * part) is fetched at the first toast, not with the login page: until it has run, the calls wait in order.
 */
function NotifierBridge() {
  const waiting = useRef<ToastCall[]>([]);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const queue = (call: ToastCall) => {
      waiting.current.push(call);
      setWanted(true);
    };
    setNotifier({
      success: (title, options) => queue({ type: 'success', title, ...(options && { options }) }),
      info: (title) => queue({ type: 'info', title }),
      error: (title) => queue({ type: 'error', title }),
    });
    return () => setNotifier(null);
  }, []);
  const onReady = useCallback((ready: Notifier) => {
    setNotifier(ready);
    return waiting.current.splice(0);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHolder onReady={onReady} />
    </Suspense>
  );
}

/**
 * The page's base text in the theme's font, colour and size — what antd's `App` wrapper does, without `App`
 * itself: it would bring the modal and message machinery into the first load (~20 kB compressed) for nothing,
 * since dialogs use `Modal.useModal()` where they are.
 */
function ThemedRoot({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      style={{
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        color: token.colorText,
      }}
    >
      {children}
    </div>
  );
}

/**
 * Empties the cache when the session ends (logout, or a 401 the API client turned into one) or another user logs
 * in: the next user of the browser must never see the previous one's lists, even for an instant.
 */
function SessionCacheReset() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      authStore.subscribe((next, previous) => {
        if (!previous.isAuthenticated) return;
        if (!next.isAuthenticated || next.jwtTokenDecoded.sub !== previous.jwtTokenDecoded.sub)
          queryClient.clear();
      }),
    [queryClient],
  );
  return null;
}

export interface AppProvidersProps {
  /**
   * The app's one QueryClient (`createQueryClient()`), created by whoever starts the app so it can also prefetch
   * into it. Default: one made at mount. Remotes never give one: they render inside the host's providers.
   */
  queryClient?: QueryClient;
  children: ReactNode;
}

/**
 * French locale, theme, form messages, toasts, auth and the server-state cache: what every app (host or standalone
 * remote) wraps.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const [ownClient] = useState(() => queryClient ?? createQueryClient());
  const narrow = Grid.useBreakpoint().md === false;
  return (
    <QueryClientProvider client={queryClient ?? ownClient}>
      <ConfigProvider locale={frFR} theme={narrow ? narrowTheme : theme} form={{ validateMessages }}>
        <ThemedRoot>
          <NotifierBridge />
          <SessionCacheReset />
          <AuthProvider>{children}</AuthProvider>
        </ThemedRoot>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
