import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, MAX_DESTINATAIRES } from '../../contract/courriel-values';

/** The French messages of the recipients field, one per rule the API also applies (400 otherwise). */
export const RECIPIENTS_MESSAGES = {
  none: 'Indiquez au moins une adresse e-mail.',
  invalid: (address: string) => `« ${address} » n'est pas une adresse e-mail valide.`,
  tooMany: `${MAX_DESTINATAIRES} destinataires au plus.`,
} as const;

export type ParsedRecipients = { ok: true; addresses: string[] } | { ok: false; message: string };

/**
 * The addresses typed in a recipients field: separated by commas, semicolons, spaces or lines; a repeat (in any
 * case) counted once; each checked as the API checks it (`format: 'email'`, at most EMAIL_MAX_LENGTH characters),
 * at most MAX_DESTINATAIRES. The first problem found, in French.
 */
export function parseRecipients(text: string): ParsedRecipients {
  const addresses: string[] = [];
  for (const address of text.split(/[\s,;]+/).filter(Boolean)) {
    if (address.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(address))
      return { ok: false, message: RECIPIENTS_MESSAGES.invalid(address) };
    if (!addresses.some((known) => known.toLowerCase() === address.toLowerCase())) addresses.push(address);
  }
  if (addresses.length === 0) return { ok: false, message: RECIPIENTS_MESSAGES.none };
  if (addresses.length > MAX_DESTINATAIRES) return { ok: false, message: RECIPIENTS_MESSAGES.tooMany };
  return { ok: true, addresses };
}
