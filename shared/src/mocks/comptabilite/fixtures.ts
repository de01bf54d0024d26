import type { BalanceAgee, BalanceAgeeLigne } from '../../contract';

/** The aged balance of the mocks: three clients, amounts as the API computes them (decimal strings). */
const LIGNES: BalanceAgeeLigne[] = [
  {
    clientId: 1,
    clientNom: 'Conseil départemental du Rhône',
    factures: 3,
    nonEchu: '1250.40',
    j0a30: '691.65',
    j31a60: '0.00',
    j61a90: '0.00',
    plusDe90: '0.00',
    nonImpute: '0.00',
    total: '1942.05',
  },
  {
    clientId: 2,
    clientNom: 'Métropole de Lyon',
    factures: 2,
    nonEchu: '0.00',
    j0a30: '0.00',
    j31a60: '420.00',
    j61a90: '0.00',
    plusDe90: '1830.25',
    nonImpute: '0.00',
    total: '2250.25',
  },
  {
    clientId: 3,
    clientNom: 'SAMU social',
    factures: 1,
    nonEchu: '0.00',
    j0a30: '0.00',
    j31a60: '0.00',
    j61a90: '0.00',
    plusDe90: '0.00',
    nonImpute: '-165.00',
    total: '-165.00',
  },
];

const TOTAUX = {
  nonEchu: '1250.40',
  j0a30: '691.65',
  j31a60: '420.00',
  j61a90: '0.00',
  plusDe90: '1830.25',
  nonImpute: '-165.00',
  total: '4027.30',
};

/** The balance at a date: before 2020 nothing was invoiced (an empty balance for the screens' empty state). */
export function mockBalanceAgee(date: string): BalanceAgee {
  if (date < '2020-01-01')
    return {
      date,
      lignes: [],
      totaux: { ...TOTAUX, ...Object.fromEntries(Object.keys(TOTAUX).map((key) => [key, '0.00'])) },
    };
  return { date, lignes: LIGNES, totaux: TOTAUX };
}
