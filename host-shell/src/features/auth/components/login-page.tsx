import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, useAuth } from 'shared';
import type { LoginBody } from 'shared/contract';
import { loginRequest } from '../api/login';
import { AuthCard } from './auth-card';

export default function LoginPage() {
  const navigate = useNavigate();
  const { login } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: LoginBody) => {
    setSubmitting(true);
    setError(null);
    try {
      const { token } = await loginRequest({ email: values.email.trim(), password: values.password });
      login(token);
      navigate('/dashboard', { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Connexion impossible.');
      setSubmitting(false);
    }
  };

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
