import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, dashboardContentUrl, FORGOT_PASSWORD_PAGE, useAuth, validateMessages } from 'shared';
import type { LoginBody } from 'shared/contract';
import { Field, Text, useLinkStyle } from '../../../lib/plain-ui';
import { useLogin } from '../api/login';
import { AuthCard } from './auth-card';

const LABELS = { email: 'Adresse e-mail', password: 'Mot de passe' } as const;
type FieldName = keyof typeof LABELS;

const message = (template: string, field: FieldName) => template.replace('${label}', LABELS[field]);
/** The shape antd's `type: 'email'` rule checks; the server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The French messages of antd's Form rules (spec §5), for the two fields of this form. */
function validate(values: LoginBody): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  if (!values.email.trim()) errors.email = message(validateMessages.required, 'email');
  else if (!EMAIL.test(values.email.trim())) errors.email = message(validateMessages.types.email, 'email');
  if (!values.password) errors.password = message(validateMessages.required, 'password');
  return errors;
}

// A plain form rather than antd's Form (field store, rules engine, grid: ~20 kB brotli on the first load for two
// fields); the messages and the layout are the same as the other forms'.
export default function LoginPage() {
  const navigate = useNavigate();
  const linkStyle = useLinkStyle();
  const { login } = useAuth();
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  // Errors show from the first submit on, then follow each keystroke (as antd's Form does).
  const [checked, setChecked] = useState(false);
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
  const errors = checked ? validate(values) : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(validate(values)).length > 0) return;
    request.mutate({ email: values.email.trim(), password: values.password });
  };
  const control = (field: FieldName) => ({
    id: `login-${field}`,
    name: field,
    value: values[field],
    disabled: submitting,
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `login-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value }),
  });

  return (
    <AuthCard title="Connexion">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
      <form onSubmit={onSubmit} noValidate aria-label="Connexion">
        <Field id="login-email" label={LABELS.email} error={errors.email}>
          <Input
            {...control('email')}
            type="email"
            prefix={<MailOutlined />}
            autoComplete="username"
            autoFocus
          />
        </Field>
        <Field id="login-password" label={LABELS.password} error={errors.password}>
          <Input.Password
            {...control('password')}
            prefix={<LockOutlined />}
            autoComplete="current-password"
          />
        </Field>
        <Button type="primary" htmlType="submit" block loading={submitting} disabled={submitting}>
          Se connecter
        </Button>
      </form>
      <Text block style={{ marginTop: 12, textAlign: 'center' }}>
        <Link to={FORGOT_PASSWORD_PAGE} style={linkStyle}>
          Mot de passe oublié ?
        </Link>
      </Text>
      <Text block style={{ marginTop: 8, marginBottom: 0, textAlign: 'center' }}>
        Pas encore de compte ?{' '}
        <Link to="/signup" style={linkStyle}>
          Créer un compte
        </Link>
      </Text>
    </AuthCard>
  );
}
