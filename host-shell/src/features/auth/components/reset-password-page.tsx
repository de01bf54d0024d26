import { Alert, Button, Form, Result } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, FORGOT_PASSWORD_PAGE, logout } from 'shared';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { NewPasswordFields } from '../../../lib/new-password-fields';

/** The link's token: in the fragment (never sent to a server), or in the query string. */
function tokenOf(location: { hash: string; search: string }): string | null {
  return (
    new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ??
    new URLSearchParams(location.search).get('token')
  );
}

interface ResetValues {
  password: string;
  confirmation: string;
}

/** The page an e-mailed reset link opens (public): a new password, then the login. */
export default function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once, then taken out of the address bar (and of the history): the page keeps it.
  const [token] = useState(() => tokenOf(location));
  useEffect(() => {
    if (location.hash || location.search) void navigate(location.pathname, { replace: true });
  }, [location, navigate]);
  const request = useResetPassword({
    // Every session of the account has ended: a token stored in this browser is of no use any more.
    onSuccess: () => logout(),
  });
  const done = request.data?.message ?? null;
  const refusal =
    request.error instanceof ApiError && request.error.status === 400 ? request.error.message : null;

  if (token === null) {
    return (
      <AuthCard title="Nouveau mot de passe">
        <Result
          status="warning"
          title="Lien incomplet"
          subTitle="Ouvrez le lien tel qu’il figure dans l’e-mail reçu, ou demandez-en un nouveau."
          extra={<Link to={FORGOT_PASSWORD_PAGE}>Demander un nouveau lien</Link>}
        />
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Nouveau mot de passe">
        <Result
          status="success"
          title="Mot de passe modifié"
          subTitle={done}
          extra={<Link to="/">Se connecter</Link>}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Nouveau mot de passe">
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          description={<Link to={FORGOT_PASSWORD_PAGE}>Demander un nouveau lien</Link>}
          style={{ marginBottom: 16 }}
          role="alert"
        />
      )}
      <Form<ResetValues>
        layout="vertical"
        onFinish={({ password }) => request.mutate({ token, password })}
        disabled={request.isPending}
      >
        <NewPasswordFields
          label="Nouveau mot de passe"
          confirmationLabel="Confirmation du mot de passe"
          autoFocus
        />
        <Button type="primary" htmlType="submit" block loading={request.isPending}>
          Changer le mot de passe
        </Button>
      </Form>
    </AuthCard>
  );
}
