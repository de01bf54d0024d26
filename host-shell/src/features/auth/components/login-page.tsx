import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { LoginBody, LoginResponse } from 'shared/contract';
import { ApiError, dashboardContentUrl, FORGOT_PASSWORD_PAGE, login, validateMessages } from 'shared/sign-in';
import { PlainButton, PlainIcon } from '../../../lib/plain-form';
import { Field, Text } from '../../../lib/plain-ui';
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

export interface LoginPageProps {
  /** Sends the login call (app/signed-in.tsx, loaded by then or on the way). */
  signIn: (body: LoginBody) => Promise<LoginResponse>;
  /** At the form's first keystroke: what the call and the dashboard need can start loading. */
  onFirstInput?: () => void;
  /** After a refused or failed attempt (the app shows the client's error toast). */
  onFailure?: () => void;
}

type Attempt = { state: 'idle' | 'pending' | 'done' } | { state: 'failed'; error: string };

// Plain elements rather than antd's Form, Input, Button and Alert (issue 37 §5): the login page is the first load of
// every visit and renders before antd is loaded. The look is antd's (lib/plain-form.tsx), the messages and the
// layout those of the other forms.
export default function LoginPage({ signIn, onFirstInput, onFailure }: LoginPageProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  // Errors show from the first submit on, then follow each keystroke (as antd's Form does).
  const [checked, setChecked] = useState(false);
  const [attempt, setAttempt] = useState<Attempt>({ state: 'idle' });
  const [passwordShown, setPasswordShown] = useState(false);
  // The form stays disabled from the click until the dashboard replaces it.
  const submitting = attempt.state === 'pending' || attempt.state === 'done';
  const errors = checked ? validate(values) : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (submitting || Object.keys(validate(values)).length > 0) return;
    setAttempt({ state: 'pending' });
    signIn({ email: values.email.trim(), password: values.password }).then(
      ({ token }) => {
        setAttempt({ state: 'done' });
        login(token);
        // The home, or the screen this tab showed when its session expired (spec §3's dashboard content).
        void navigate(dashboardContentUrl(), { replace: true });
      },
      (error: unknown) => {
        setAttempt({
          state: 'failed',
          error: error instanceof ApiError ? error.message : 'Connexion impossible.',
        });
        onFailure?.();
      },
    );
  };
  const control = (field: FieldName) => ({
    id: `login-${field}`,
    name: field,
    value: values[field],
    disabled: submitting,
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? `login-${field}-error` : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (!values.email && !values.password) onFirstInput?.();
      setValues({ ...values, [field]: event.target.value });
    },
  });
  const frame = (field: FieldName) => ({
    className: 'plain-affix',
    'data-status': errors[field] ? 'error' : undefined,
    'data-disabled': submitting || undefined,
  });

  return (
    <AuthCard title="Connexion">
      {attempt.state === 'failed' && (
        <div id="login-error" className="plain-alert" role="alert" style={{ marginBottom: 16 }}>
          <PlainIcon name="closeCircle" />
          <span>{attempt.error}</span>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Connexion">
        <Field id="login-email" label={LABELS.email} error={errors.email}>
          <div {...frame('email')}>
            <PlainIcon name="mail" />
            <input {...control('email')} type="email" autoComplete="username" autoFocus />
          </div>
        </Field>
        <Field id="login-password" label={LABELS.password} error={errors.password}>
          <div {...frame('password')}>
            <PlainIcon name="lock" />
            <input
              {...control('password')}
              type={passwordShown ? 'text' : 'password'}
              autoComplete="current-password"
            />
            {/* Out of the tab order, as antd's: Tab goes from the password to the button. */}
            <button
              type="button"
              className="plain-eye"
              tabIndex={-1}
              aria-label={passwordShown ? 'Masquer la saisie' : 'Afficher la saisie'}
              aria-pressed={passwordShown}
              disabled={submitting}
              onClick={() => setPasswordShown(!passwordShown)}
            >
              <PlainIcon name={passwordShown ? 'eye' : 'eyeInvisible'} />
            </button>
          </div>
        </Field>
        <PlainButton type="submit" block loading={submitting}>
          Se connecter
        </PlainButton>
      </form>
      <Text block style={{ marginTop: 12, textAlign: 'center' }}>
        <Link to={FORGOT_PASSWORD_PAGE} className="plain-link">
          Mot de passe oublié ?
        </Link>
      </Text>
      <Text block style={{ marginTop: 8, marginBottom: 0, textAlign: 'center' }}>
        Pas encore de compte ?{' '}
        <Link to="/signup" className="plain-link">
          Créer un compte
        </Link>
      </Text>
    </AuthCard>
  );
}
