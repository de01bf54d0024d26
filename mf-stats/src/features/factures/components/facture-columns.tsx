import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { dashboardUrl, formatDate, formatMoney } from 'shared';
import type { FactureItem } from 'shared/contract';
import type { ResourceColumn } from 'shared/ui';
import { periodeCourte } from '../model/periode-courte';
import { FactureStatutTag } from './facture-statut-tag';

const money = (
  key: 'totalHt' | 'totalTva' | 'totalTtc' | 'resteAPayer',
  title: string,
  { sortable = false, responsive }: Pick<ResourceColumn<FactureItem>, 'sortable' | 'responsive'> = {},
) =>
  ({
    key,
    title,
    align: 'right',
    sortable,
    responsive,
    render: (row: FactureItem) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(row[key])}</span>,
  }) satisfies ResourceColumn<FactureItem>;

const numero: ResourceColumn<FactureItem> = {
  key: 'numero',
  title: 'Numéro',
  sortable: true,
  render: (row) =>
    row.numero ? (
      <span style={{ whiteSpace: 'nowrap' }}>{row.numero}</span>
    ) : (
      <Typography.Text type="secondary">Brouillon</Typography.Text>
    ),
};
const client: ResourceColumn<FactureItem> = {
  key: 'client',
  title: 'Client',
  sortable: true,
  // Names of public bodies run to six words: the amounts' columns squeezed them to one word a line at 1366 px.
  render: (row) => <span style={{ display: 'inline-block', minWidth: 130 }}>{row.clientNom}</span>,
};
const periode: ResourceColumn<FactureItem> = {
  key: 'periode',
  title: 'Période',
  render: (row) => (
    <span style={{ whiteSpace: 'nowrap' }}>{periodeCourte(row.periodeDebut, row.periodeFin)}</span>
  ),
};
const etat: ResourceColumn<FactureItem> = {
  key: 'statut',
  title: 'État',
  render: (row) => <FactureStatutTag statut={row.statut} enRetard={row.enRetard} />,
};

/** « Factures clients »: numéro (or « Brouillon »), client, période, état, HT / TVA / TTC, reste à payer, échéance. */
export const factureColumns: ResourceColumn<FactureItem>[] = [
  numero,
  client,
  periode,
  etat,
  money('totalHt', 'HT'),
  // The VAT where there is room for it (≥ 1600 px): at 1366 px its place goes to the client's name; the card and
  // the exports give it.
  money('totalTva', 'TVA', { responsive: ['xxl'] }),
  money('totalTtc', 'TTC', { sortable: true }),
  money('resteAPayer', 'Reste à payer'),
  {
    key: 'dateEcheance',
    title: 'Échéance',
    sortable: true,
    render: (row) => (row.dateEcheance ? formatDate(row.dateEcheance) : '—'),
  },
];

/** « Avoirs »: numéro, facture d'origine (a link to its card), client, date, amounts, état. */
export const avoirColumns: ResourceColumn<FactureItem>[] = [
  numero,
  {
    key: 'factureOrigine',
    title: 'Facture d’origine',
    render: (row) =>
      row.factureOrigineId ? (
        <Link to={dashboardUrl('facture', { id: row.factureOrigineId })}>
          {row.factureOrigineNumero ?? row.factureOrigineId}
        </Link>
      ) : (
        '—'
      ),
  },
  client,
  {
    key: 'dateEmission',
    title: 'Date',
    sortable: true,
    render: (row) => (row.dateEmission ? formatDate(row.dateEmission) : '—'),
  },
  money('totalHt', 'HT'),
  money('totalTva', 'TVA'),
  money('totalTtc', 'TTC', { sortable: true }),
  etat,
];
