// The e-mail constants the screens need to check recipients before sending, free of any schema library.

/** Most recipients of one e-mail (a voucher, a rooming list): the API refuses more (400). */
export const MAX_DESTINATAIRES = 10;

/**
 * An e-mail address as the API's `format: 'email'` accepts it (ajv-formats' « full » email, case-insensitive):
 * the screens check with the same pattern, so an address they let through is never refused by the schema.
 */
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** The longest address the API takes. */
export const EMAIL_MAX_LENGTH = 254;
