import { Type, type Static, type TSchema } from 'typebox';

/**
 * The ledger views of invoicing (issue 39; docs/invoicing.md « Aged balance » and « Accounting export (FEC) »,
 * docs/api.md « Comptabilité »): the aged balance per client and the accounting export. Money as decimal strings with
 * two places ('1234.50', negative for what is owed to a client), days 'YYYY-MM-DD'.
 */

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Day = Type.String({ format: 'date' });
const Money = Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$' });
const object = <P extends Record<string, TSchema>>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

/** GET /comptabilite/balance-agee(/xlsx): the balance at a date, today in Paris by default. */
export const BalanceAgeeQuery = object({ date: Type.Optional(Day) });
export type BalanceAgeeQuery = Static<typeof BalanceAgeeQuery>;

const montants = {
  nonEchu: Money,
  j0a30: Money,
  j31a60: Money,
  j61a90: Money,
  plusDe90: Money,
  /** Credit notes beyond what was left on their invoice: owed to the client (≤ 0), not aged. */
  nonImpute: Money,
  /** The sum of the above: the client's balance at the date. */
  total: Money,
};

export const BalanceAgeeMontants = object(montants);
export type BalanceAgeeMontants = Static<typeof BalanceAgeeMontants>;

export const BalanceAgeeLigne = object({
  clientId: Id,
  clientNom: Type.String(),
  /** Invoices with something left (or owed back) at the date. */
  factures: Type.Integer({ minimum: 1 }),
  ...montants,
});
export type BalanceAgeeLigne = Static<typeof BalanceAgeeLigne>;

export const BalanceAgee = object({
  date: Day,
  lignes: Type.Array(BalanceAgeeLigne),
  totaux: BalanceAgeeMontants,
});
export type BalanceAgee = Static<typeof BalanceAgee>;

/** GET /comptabilite/fec(/xlsx): the entries of a period, both days included. */
export const FecQuery = object({ debut: Day, fin: Day });
export type FecQuery = Static<typeof FecQuery>;
