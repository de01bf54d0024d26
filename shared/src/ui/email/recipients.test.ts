import { describe, expect, it } from 'vitest';
import { parseRecipients, RECIPIENTS_MESSAGES } from './recipients';

describe('parseRecipients', () => {
  it('reads addresses separated by commas, semicolons, spaces or lines, each once', () => {
    expect(parseRecipients(' a@hotel.fr, b@hotel.fr;c@hotel.fr\nA@Hotel.fr  d@hotel.fr ')).toEqual({
      ok: true,
      addresses: ['a@hotel.fr', 'b@hotel.fr', 'c@hotel.fr', 'd@hotel.fr'],
    });
  });

  it('says in French what is wrong: none, an invalid address, too many', () => {
    expect(parseRecipients(' , ')).toEqual({ ok: false, message: RECIPIENTS_MESSAGES.none });
    expect(parseRecipients('a@hotel.fr, réception@hotel')).toEqual({
      ok: false,
      message: "« réception@hotel » n'est pas une adresse e-mail valide.",
    });
    expect(parseRecipients('a@hotel@fr').ok).toBe(false);
    expect(parseRecipients(`${'a'.repeat(250)}@h.fr`).ok).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, index) => `r${index}@hotel.fr`).join(', ');
    expect(parseRecipients(eleven)).toEqual({ ok: false, message: '10 destinataires au plus.' });
  });
});
