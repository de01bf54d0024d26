import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Button, ConfigProvider, Grid, notification, theme as antdTheme } from 'antd';
import frFR from 'antd/es/locale/fr_FR';
import { useEffect, useState, type ReactNode } from 'react';
import { setNotifier, type NotifyOptions } from '../api/notifier';
import { createQueryClient } from '../api/query-client';
import { AuthProvider } from '../auth/auth-provider';
import { authStore } from '../auth/auth-store';
import { validateMessages } from '../i18n/validate-messages';
import '../format/dates';
import { narrowTheme, theme, TOAST_DURATION_SECONDS } from './theme';

/**
 * Plugs antd's notification API (themed, in context) into the API client: toasts bottom-left, 5 s. The same
 * message while it is still shown replaces it rather than stacking a copy: three counters failing together, or a
 * query failing again on its one retry, say it once. A toast may carry one action (« Annuler » after a bulk write).
 */
function NotifierBridge() {
  const [api, holder] = notification.useNotification();
  useEffect(() => {
    const show =
      (type: 'success' | 'info' | 'error') =>
      (title: string, options: NotifyOptions = {}) => {
        const key = `${type}:${title}`;
        const { action } = options;
        api[type]({
          key,
          title,
          placement: 'bottomLeft',
          duration: options.duration ?? TOAST_DURATION_SECONDS,
          actions: action && (
            <Button
              size="small"
              onClick={() => {
                api.destroy(key);
                action.onClick();
              }}
            >
              {action.label}
            </Button>
          ),
        });
      };
    setNotifier({ success: show('success'), info: show('info'), error: show('error') });
    return () => setNotifier(null);
  }, [api]);
  return holder;
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
