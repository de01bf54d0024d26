import type { FormRule } from 'antd';
import { PASSWORD_MIN_LENGTH } from 'shared';

/**
 * The form rules of a password its user chooses (sign-up, « Mon compte », the reset link), those of the API's
 * contract: 10 to 256 characters, no composition rules (docs/auth.md « Passwords »). The messages are antd's French
 * ones (spec §5).
 */
export const newPasswordRules: FormRule[] = [{ required: true }, { min: PASSWORD_MIN_LENGTH }, { max: 256 }];

/** The confirmation field's rules: required, and equal to the field `passwordField`. */
export function passwordConfirmationRules(passwordField: string): FormRule[] {
  return [
    { required: true },
    ({ getFieldValue }) => ({
      validator: (_, value) =>
        !value || getFieldValue(passwordField) === value
          ? Promise.resolve()
          : Promise.reject(new Error('Les deux mots de passe ne correspondent pas')),
    }),
  ];
}
