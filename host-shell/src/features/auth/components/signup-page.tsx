import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ApiError } from 'shared';
import { NewPasswordFields } from '../../../lib/new-password-fields';
import { useSignup } from '../api/signup';
import { AuthCard } from './auth-card';

interface SignupValues {
  prenom: string;
  nom: string;
  email: string;
  password: string;
  confirmation: string;
}

export default function SignupPage() {
  const request = useSignup();
  const submitting = request.isPending;
  const done = request.data?.message ?? null;
  // The API client toasts every failure except 409, which it only logs (spec §8): say it here.
  const conflict =
    request.error instanceof ApiError && request.error.status === 409 ? request.error.message : null;

  const onFinish = ({ confirmation: _confirmation, ...values }: SignupValues) =>
    request.mutate({ ...values, email: values.email.trim() });

  if (done) {
    return (
      <AuthCard title="Création de compte">
        <Result
          status="success"
          title="Compte créé"
          subTitle={done}
          extra={<Link to="/">Retour à la connexion</Link>}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Création de compte">
      {conflict && <Alert type="error" showIcon title={conflict} style={{ marginBottom: 16 }} role="alert" />}
      <Form<SignupValues> layout="vertical" onFinish={onFinish} disabled={submitting}>
        <Form.Item label="Prénom" name="prenom" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
          <Input autoComplete="given-name" autoFocus />
        </Form.Item>
        <Form.Item label="Nom" name="nom" rules={[{ required: true, whitespace: true }, { max: 100 }]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item label="Adresse e-mail" name="email" rules={[{ required: true }, { type: 'email' }]}>
          <Input autoComplete="email" />
        </Form.Item>
        <NewPasswordFields label="Mot de passe" confirmationLabel="Confirmation du mot de passe" />
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Créer mon compte
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        Déjà un compte ? <Link to="/">Se connecter</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
