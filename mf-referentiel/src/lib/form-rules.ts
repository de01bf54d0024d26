import type { FormRule } from 'antd';

/**
 * Field rules matching the API's schemas (shared/src/contract/referentiel.ts), so that the form says what is wrong
 * before the server does. Messages come from the French `validateMessages` unless a pattern needs explaining.
 */
export const required: FormRule[] = [{ required: true, whitespace: true }];

export const codePostalRules: FormRule[] = [
  ...required,
  { pattern: /^\d{5}$/, message: 'Le code postal compte 5 chiffres.' },
];

export const telephoneRules: FormRule[] = [
  {
    pattern: /^[0-9+() .-]{6,20}$/,
    message: 'Le téléphone compte de 6 à 20 caractères : chiffres, espaces, +, (, ), point ou tiret.',
  },
];

export const emailRules: FormRule[] = [{ type: 'email' }];

/** A trimmed optional text; a cleared input ('') becomes null, which the API stores as "no value". */
export function optionalText(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}
