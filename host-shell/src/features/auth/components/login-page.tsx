import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, dashboardContentUrl, useAuth } from 'shared';
import type { LoginBody } from 'shared/contract';
import { useLogin } from '../api/login';
import { AuthCard } from './auth-card';

export default function LoginPage() {
  const navigate = useNavigate();
  const { login } = useAuth();
  const request = useLogin({
    onSuccess: ({ token }) => {
      login(token);
      // The home, or the screen this tab showed when its session expired (spec §3's dashboard content).
      void navigate(dashboardContentUrl(), { replace: true });
    },
  });
  // The form stays disabled from the click until the dashboard replaces it.
  const submitting = request.isPending || request.isSuccess;
  const error = request.error
    ? request.error instanceof ApiError
      ? request.error.message
      : 'Connexion impossible.'
    : null;

  const onFinish = (values: LoginBody) =>
    request.mutate({ email: values.email.trim(), password: values.password });

  return (
    <AuthCard title="Connexion">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form<LoginBody> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={submitting}>
        <Form.Item label="Adresse e-mail" name="email" rules={[{ required: true }, { type: 'email' }]}>
          <Input prefix={<MailOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Mot de passe" name="password" rules={[{ required: true }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Se connecter
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        Pas encore de compte ? <Link to="/signup">Créer un compte</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
