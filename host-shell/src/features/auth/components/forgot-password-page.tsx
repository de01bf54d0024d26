import { Button, Form, Input, Result, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { RESET_LINK_MINUTES } from 'shared';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from './auth-card';

/** « Mot de passe oublié » (public): the address gets a reset link when it has an active account. */
export default function ForgotPasswordPage() {
  const request = useForgotPassword();
  const done = request.data?.message ?? null;

  if (done) {
    return (
      <AuthCard title="Mot de passe oublié">
        <Result
          status="success"
          title="Demande envoyée"
          subTitle={done}
          extra={<Link to="/">Retour à la connexion</Link>}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Mot de passe oublié">
      <Typography.Paragraph>
        Saisissez l’adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de
        passe, valable {RESET_LINK_MINUTES} minutes.
      </Typography.Paragraph>
      <Form<{ email: string }>
        layout="vertical"
        onFinish={({ email }) => request.mutate({ email: email.trim() })}
        disabled={request.isPending}
      >
        <Form.Item label="Adresse e-mail" name="email" rules={[{ required: true }, { type: 'email' }]}>
          <Input autoComplete="email" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={request.isPending}>
          Envoyer le lien
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        <Link to="/">Retour à la connexion</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
