import { describe, expect, it } from 'vitest';
import { RELEVES_MESSAGES } from './releves-values';

describe("a hotel invoice's period in words", () => {
  it('reads as the paper does: the last day, not the API’s exclusive end', () => {
    expect(RELEVES_MESSAGES.periodeTexte('2026-10-01', '2026-11-01')).toBe('du 01/10/2026 au 31/10/2026');
    expect(RELEVES_MESSAGES.periodeTexte('2028-02-01', '2028-03-01')).toBe('du 01/02/2028 au 29/02/2028');
    expect(RELEVES_MESSAGES.periodeTexte('2026-12-15', '2027-01-01')).toBe('du 15/12/2026 au 31/12/2026');
    expect(RELEVES_MESSAGES.periodeTexte('2026-10-05', '2026-10-06')).toBe('du 05/10/2026 au 05/10/2026');
  });
});
