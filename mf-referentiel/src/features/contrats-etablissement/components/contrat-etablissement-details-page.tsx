import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatDate, formatMoney, PageFrame, readSelection, RecordGate, useRecordId } from 'shared';
import type { ContratEtablissementDetail, ContratEtablissementLigne } from 'shared/contract';
import { ContratStatutActions, MODE_TARIFICATION_LABELS, periode, StatutTag } from '../../../lib/contrats';
import { orNone } from '../../../lib/record-details';

import { useCanWrite } from '../../../lib/use-can-write';
import { useRecord } from '../../../lib/use-record';
import { getContratEtablissement, setContratEtablissementStatut } from '../api/contrats-etablissement';
import { ContratEtablissementFormModal } from './contrat-etablissement-form-modal';

const lineColumns: TableColumnsType<ContratEtablissementLigne> = [
  { key: 'type', title: 'Type de chambre', dataIndex: 'typeChambreLibelle' },
  { key: 'periode', title: 'Période', render: (_, line) => periode(line.dateDebut, line.dateFin) },
  { key: 'nuitee', title: 'Nuitée HT', align: 'right', render: (_, line) => formatMoney(line.prixNuiteeHt) },
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
  {
    key: 'allotement',
    title: 'Allotement',
    align: 'right',
    render: (_, line) => (line.allotement === null ? 'Illimité' : line.allotement),
  },
];

/** A purchase contract: its header, its tariff lines; administrators move its status and edit it. */
export function ContratEtablissementDetailsPage() {
  const id = useRecordId();
  const state = useRecord(
    getContratEtablissement,
    id,
    // The list row has no lines: it stands in only while the contract loads.
    readSelection<ContratEtablissementDetail>('contract'),
  );
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState(false);
  const { record } = state;
  const loaded = record && Array.isArray(record.lignes);

  return (
    <PageFrame
      routeId="contract-etablissement-details"
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
        listRouteId="contract-etablissement"
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
                      setContratEtablissementStatut(contrat.id, statut).then((written) =>
                        state.replace(written.data),
                      )
                    }
                  />
                )
              }
              bordered
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'etablissement', label: 'Établissement', children: contrat.etablissementNom },
                { key: 'periode', label: 'Période', children: periode(contrat.dateDebut, contrat.dateFin) },
                {
                  key: 'mode',
                  label: 'Tarification',
                  children: MODE_TARIFICATION_LABELS[contrat.modeTarification],
                },
                { key: 'delai', label: "Délai d'alerte", children: `${contrat.delaiAlerteJours} jours` },
                { key: 'tvaNuitee', label: 'TVA nuitée', children: `${contrat.tauxTvaNuitee} %` },
                { key: 'tvaRepas', label: 'TVA repas', children: `${contrat.tauxTvaRepas} %` },
                { key: 'notes', label: 'Notes', children: orNone(contrat.notes), span: 'filled' },
                { key: 'creation', label: 'Créé le', children: formatDate(contrat.createdAt) },
                { key: 'modification', label: 'Modifié le', children: formatDate(contrat.updatedAt) },
              ]}
            />
            <Card type="inner" title="Lignes de tarif">
              <Table<ContratEtablissementLigne>
                rowKey="id"
                size="small"
                pagination={false}
                loading={!Array.isArray(contrat.lignes)}
                columns={lineColumns}
                dataSource={contrat.lignes ?? []}
                locale={{ emptyText: 'Aucune ligne de tarif' }}
                scroll={{ x: 'max-content' }}
              />
            </Card>
          </Flex>
        )}
      </RecordGate>
      {canWrite && loaded && (
        <ContratEtablissementFormModal
          open={editing}
          contrat={record}
          onClose={() => setEditing(false)}
          onSaved={state.replace}
        />
      )}
    </PageFrame>
  );
}
