import { EditOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Descriptions,
  Flex,
  Space,
  Table,
  type DescriptionsProps,
  type TableColumnsType,
} from 'antd';
import { useState, type ComponentType } from 'react';
import { formatDate, formatMoney, PageFrame, readSelection, RecordGate, useRecordId } from 'shared';
import type { ContratClientDetail, ContratEtablissementDetail, ContratStatut } from 'shared/contract';
import { ContratStatutActions, MODE_TARIFICATION_LABELS, periode, StatutTag } from './contrats';
import { orNone } from './record-details';
import type { Written } from './reference-api';
import { useCanWrite } from './use-can-write';
import { useRecord } from './use-record';

type ContratDetail = ContratClientDetail | ContratEtablissementDetail;
type Ligne<C extends ContratDetail> = C['lignes'][number];
type DescriptionItem = NonNullable<DescriptionsProps['items']>[number];

/** What a contract card shows that is its kind's own: routes, calls, the party, extra fields and columns. */
export interface ContratDetailsKind<C extends ContratDetail> {
  routeId: string;
  listRouteId: string;
  load: (id: number, signal?: AbortSignal) => Promise<C>;
  setStatut: (id: number, statut: ContratStatut) => Promise<Written<C>>;
  /** The client or the hotel, first item of the header. */
  party: (contrat: C) => DescriptionItem;
  /** Items after the VAT rates (the sale contract's PAF/CAF amounts). */
  extraItems?: (contrat: C) => DescriptionItem[];
  /** Columns after the room type (a sale line's hotel) and at the end (a purchase line's allotment). */
  lineColumns: { afterType?: TableColumnsType<Ligne<C>>; atEnd?: TableColumnsType<Ligne<C>> };
  FormModal: ComponentType<{ open: boolean; contrat: C; onClose: () => void; onSaved: (contrat: C) => void }>;
}

function tariffColumns<C extends ContratDetail>(kind: ContratDetailsKind<C>): TableColumnsType<Ligne<C>> {
  return [
    { key: 'type', title: 'Type de chambre', dataIndex: 'typeChambreLibelle' },
    ...(kind.lineColumns.afterType ?? []),
    { key: 'periode', title: 'Période', render: (_, line) => periode(line.dateDebut, line.dateFin) },
    {
      key: 'nuitee',
      title: 'Nuitée HT',
      align: 'right',
      render: (_, line) => formatMoney(line.prixNuiteeHt),
    },
    {
      key: 'petitDejeuner',
      title: 'Petit-déj. HT',
      align: 'right',
      render: (_, line) => formatMoney(line.prixPetitDejeunerHt),
    },
    {
      key: 'dejeuner',
      title: 'Déjeuner HT',
      align: 'right',
      render: (_, line) => formatMoney(line.prixDejeunerHt),
    },
    { key: 'diner', title: 'Dîner HT', align: 'right', render: (_, line) => formatMoney(line.prixDinerHt) },
    ...(kind.lineColumns.atEnd ?? []),
  ];
}

/** A contract's card: its header and tariff lines; administrators move its status and edit it. */
export function ContratDetailsPage<C extends ContratDetail>({ kind }: { kind: ContratDetailsKind<C> }) {
  const id = useRecordId();
  // The list row has no lines: it stands in only while the contract loads.
  const state = useRecord(kind.load, id, readSelection<C>('contract'));
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState(false);
  const { record } = state;
  const loaded = record && Array.isArray(record.lignes);
  const { FormModal } = kind;

  return (
    <PageFrame
      routeId={kind.routeId}
      extra={
        canWrite &&
        loaded &&
        record.statut !== 'clos' && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Modifier
          </Button>
        )
      }
    >
      <RecordGate
        record={state.record}
        state={state}
        notFoundTitle="Contrat introuvable"
        listRouteId={kind.listRouteId}
      >
        {(contrat) => (
          <Flex vertical gap={16}>
            <Descriptions
              title={
                <Space wrap>
                  {contrat.reference}
                  <StatutTag statut={contrat.statut} />
                </Space>
              }
              extra={
                canWrite &&
                loaded && (
                  <ContratStatutActions
                    reference={contrat.reference}
                    statut={contrat.statut}
                    onChange={(statut) =>
                      kind.setStatut(contrat.id, statut).then((written) => state.replace(written.data))
                    }
                  />
                )
              }
              bordered
              column={{ xs: 1, md: 2 }}
              items={[
                kind.party(contrat),
                { key: 'periode', label: 'Période', children: periode(contrat.dateDebut, contrat.dateFin) },
                {
                  key: 'mode',
                  label: 'Tarification',
                  children: MODE_TARIFICATION_LABELS[contrat.modeTarification],
                },
                { key: 'delai', label: "Délai d'alerte", children: `${contrat.delaiAlerteJours} jours` },
                { key: 'tvaNuitee', label: 'TVA nuitée', children: `${contrat.tauxTvaNuitee} %` },
                { key: 'tvaRepas', label: 'TVA repas', children: `${contrat.tauxTvaRepas} %` },
                ...(kind.extraItems?.(contrat) ?? []),
                { key: 'notes', label: 'Notes', children: orNone(contrat.notes), span: 'filled' },
                { key: 'creation', label: 'Créé le', children: formatDate(contrat.createdAt) },
                { key: 'modification', label: 'Modifié le', children: formatDate(contrat.updatedAt) },
              ]}
            />
            <Card type="inner" title="Lignes de tarif">
              <Table<Ligne<C>>
                rowKey="id"
                size="small"
                pagination={false}
                loading={!Array.isArray(contrat.lignes)}
                columns={tariffColumns(kind)}
                dataSource={(contrat.lignes ?? []) as Ligne<C>[]}
                locale={{ emptyText: 'Aucune ligne de tarif' }}
                scroll={{ x: 'max-content' }}
              />
            </Card>
          </Flex>
        )}
      </RecordGate>
      {canWrite && loaded && (
        <FormModal
          open={editing}
          contrat={record}
          onClose={() => setEditing(false)}
          onSaved={state.replace}
        />
      )}
    </PageFrame>
  );
}
