import { Card, Table, type TableColumnsType } from 'antd';
import { formatMoney } from 'shared';
import { hasLineField, type ContratKind, type ContratLigne, type LineField } from '../kinds';
import { periode } from '../utils/contrat-values';

type Column = TableColumnsType<ContratLigne>[number];

/** The card's columns, each shown when the kind's lines have `field`, in the form's order. */
const COLUMNS: { field: LineField; column: Column }[] = [
  {
    field: 'typeChambreId',
    column: { key: 'type', title: 'Type de chambre', dataIndex: 'typeChambreLibelle' },
  },
  {
    field: 'etablissementId',
    column: {
      key: 'etablissement',
      title: 'Établissement',
      render: (_, line) => ('etablissementNom' in line && line.etablissementNom) || 'Tous les établissements',
    },
  },
  {
    field: 'dateDebut',
    column: { key: 'periode', title: 'Période', render: (_, line) => periode(line.dateDebut, line.dateFin) },
  },
  {
    field: 'prixNuiteeHt',
    column: {
      key: 'nuitee',
      title: 'Nuitée HT',
      align: 'right',
      render: (_, line) => formatMoney(line.prixNuiteeHt),
    },
  },
  {
    field: 'prixPetitDejeunerHt',
    column: {
      key: 'petitDejeuner',
      title: 'Petit-déj. HT',
      align: 'right',
      render: (_, line) => formatMoney(line.prixPetitDejeunerHt),
    },
  },
  {
    field: 'prixDejeunerHt',
    column: {
      key: 'dejeuner',
      title: 'Déjeuner HT',
      align: 'right',
      render: (_, line) => formatMoney(line.prixDejeunerHt),
    },
  },
  {
    field: 'prixDinerHt',
    column: {
      key: 'diner',
      title: 'Dîner HT',
      align: 'right',
      render: (_, line) => formatMoney(line.prixDinerHt),
    },
  },
  {
    field: 'allotement',
    column: {
      key: 'allotement',
      title: 'Allotement',
      align: 'right',
      render: (_, line) => ('allotement' in line && line.allotement !== null ? line.allotement : 'Illimité'),
    },
  },
];

export interface TariffLinesTableProps {
  kind: ContratKind;
  /** Undefined while the contract's lines load (the list row standing in has none). */
  lignes: ContratLigne[] | undefined;
}

/** A contract's tariff lines on its card, with the columns of the kind's line fields. */
export function TariffLinesTable({ kind, lignes }: TariffLinesTableProps) {
  return (
    <Card type="inner" title="Lignes de tarif">
      <Table<ContratLigne>
        rowKey="id"
        size="small"
        pagination={false}
        loading={lignes === undefined}
        columns={COLUMNS.filter(({ field }) => hasLineField(kind, field)).map(({ column }) => column)}
        dataSource={lignes ?? []}
        locale={{ emptyText: 'Aucune ligne de tarif' }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
