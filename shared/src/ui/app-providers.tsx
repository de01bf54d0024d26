import { App, ConfigProvider } from 'antd';
import frFR from 'antd/locale/fr_FR';
import { useEffect, type ReactNode } from 'react';
import { setNotifier } from '../api/notifier';
import { AuthProvider } from '../auth/auth-provider';
import { validateMessages } from '../i18n/validate-messages';
import '../format/dates';
import { theme, TOAST_DURATION_SECONDS } from './theme';

/** Plugs antd's notification API (themed, in context) into the API client: toasts bottom-left, 5 s. */
function NotifierBridge() {
  const { notification } = App.useApp();
  useEffect(() => {
    const show = (type: 'success' | 'info' | 'error') => (title: string) =>
      notification[type]({ title, placement: 'bottomLeft', duration: TOAST_DURATION_SECONDS });
    setNotifier({ success: show('success'), info: show('info'), error: show('error') });
    return () => setNotifier(null);
  }, [notification]);
  return null;
}

/** French locale, theme, form messages, toasts and auth: what every app (host or standalone remote) wraps. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={frFR} theme={theme} form={{ validateMessages }}>
      <App>
        <NotifierBridge />
        <AuthProvider>{children}</AuthProvider>
      </App>
    </ConfigProvider>
  );
}
