import { Form, Input, type FormRule } from 'antd';
import { PASSWORD_MIN_LENGTH } from 'shared';

/**
 * The form rules of a password its user chooses (sign-up, « Mon compte », the reset link), those of the API's
 * contract: 10 to 256 characters, no composition rules (docs/auth.md « Passwords »). The messages are antd's French
 * ones (spec §5).
 */
const NEW_PASSWORD_RULES: FormRule[] = [{ required: true }, { min: PASSWORD_MIN_LENGTH }, { max: 256 }];

/** The confirmation field's rules: required, and equal to the field `password`. */
const CONFIRMATION_RULES: FormRule[] = [
  { required: true },
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || getFieldValue('password') === value
        ? Promise.resolve()
        : Promise.reject(new Error('Les deux mots de passe ne correspondent pas')),
  }),
];

export interface NewPasswordFieldsProps {
  /** The password field's label; its confirmation's is `confirmationLabel`. */
  label: string;
  confirmationLabel: string;
  autoFocus?: boolean;
}

/** A chosen password (form field `password`) and its confirmation (`confirmation`), with their rules. */
export function NewPasswordFields({ label, confirmationLabel, autoFocus = false }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item
        label={label}
        name="password"
        extra={`Au moins ${PASSWORD_MIN_LENGTH} caractères.`}
        rules={NEW_PASSWORD_RULES}
      >
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        label={confirmationLabel}
        name="confirmation"
        dependencies={['password']}
        rules={CONFIRMATION_RULES}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
