import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Flex, Space } from 'antd';
import { useState } from 'react';
import { formatDate, formatMoney, formatPercent } from 'shared';
import { PageFrame, RecordGate } from 'shared/ui';
import { orNone } from '../../../lib/record-details';
import { useCanWrite } from '../../../lib/use-can-write';
import { useContrat } from '../api/get-contrat';
import { useSetContratStatut } from '../api/set-contrat-statut';
import { headerMoney, partyOf, type ContratKind } from '../kinds';
import { MODE_TARIFICATION_LABELS, periode } from '../utils/contrat-values';
import { ContratFormModal, HEADER_MONEY_LABELS } from './contrat-form-modal';
import { ContratStatutActions, StatutTag } from './contrat-statut';
import { TariffLinesTable } from './tariff-lines-table';

/** A contract's card: its header and tariff lines; administrators move its status and edit it. */
export function ContratDetailsPage({ kind }: { kind: ContratKind }) {
  const state = useContrat(kind);
  const setStatut = useSetContratStatut();
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState(false);
  const { record } = state;
  const loaded = record && Array.isArray(record.lignes);

  return (
    <PageFrame
      routeId={kind.detailsRouteId}
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
        listRouteId={kind.routeId}
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
                    onChange={(statut) => setStatut.mutateAsync({ kind, id: contrat.id, statut })}
                  />
                )
              }
              bordered
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'party', label: kind.party.label, children: partyOf(kind, contrat).nom },
                { key: 'periode', label: 'Période', children: periode(contrat.dateDebut, contrat.dateFin) },
                {
                  key: 'mode',
                  label: 'Tarification',
                  children: MODE_TARIFICATION_LABELS[contrat.modeTarification],
                },
                { key: 'delai', label: "Délai d'alerte", children: `${contrat.delaiAlerteJours} jours` },
                {
                  key: 'tvaNuitee',
                  label: 'TVA nuitée',
                  children: formatPercent(contrat.tauxTvaNuitee, { decimals: 2 }),
                },
                {
                  key: 'tvaRepas',
                  label: 'TVA repas',
                  children: formatPercent(contrat.tauxTvaRepas, { decimals: 2 }),
                },
                ...kind.headerMoneyFields.map((field) => ({
                  key: field,
                  label: HEADER_MONEY_LABELS[field],
                  children: formatMoney(headerMoney(contrat, field)),
                })),
                { key: 'notes', label: 'Notes', children: orNone(contrat.notes), span: 'filled' as const },
                { key: 'creation', label: 'Créé le', children: formatDate(contrat.createdAt) },
                { key: 'modification', label: 'Modifié le', children: formatDate(contrat.updatedAt) },
              ]}
            />
            <TariffLinesTable
              kind={kind}
              lignes={Array.isArray(contrat.lignes) ? contrat.lignes : undefined}
            />
          </Flex>
        )}
      </RecordGate>
      {canWrite && loaded && (
        <ContratFormModal kind={kind} open={editing} contrat={record} onClose={() => setEditing(false)} />
      )}
    </PageFrame>
  );
}
