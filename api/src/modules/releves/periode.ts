/** Months and money of the statements: a month is the half-open period of its nights; sums in integer cents. */
import { RELEVES_MESSAGES } from 'shared/contract';
import { BadRequestError } from '../../errors';

/** '2026-11' → { debut: '2026-11-01', fin: '2026-12-01' } (fin: the first day after the month). */
export function monthPeriod(mois: string): { debut: string; fin: string } {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(mois);
  if (match === null) throw new BadRequestError(RELEVES_MESSAGES.mois);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { debut: `${mois}-01`, fin: `${next}-01` };
}

/** '84.5' → 8450; decimal strings with up to two decimals only (what the database and the normaliser give). */
export function toCents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (match === null) throw new Error(`montant invalide : ${amount}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** 8450 → '84.50' */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * VAT of a base at a rate, rounded to the cent half away from zero (PostgreSQL's round on numeric): cents × rate in
 * hundredths of a percent, over 10,000, in integers
 * (bigint: the product may pass 2^53).
 */
export function vatCents(baseCents: number, rate: string): number {
  const product = BigInt(Math.abs(baseCents)) * BigInt(toCents(rate));
  const rounded = Number((product + 5_000n) / 10_000n);
  return baseCents < 0 ? -rounded : rounded;
}
