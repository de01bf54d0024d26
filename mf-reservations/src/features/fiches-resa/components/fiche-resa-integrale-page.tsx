import { Card, Descriptions, Flex, Space } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { dashboardUrl, formatDate, formatDateTime, hasSubject, saveSelection, useAuth } from 'shared';
import { PageFrame, RecordGate, ReservationStatutTag } from 'shared/ui';
import { RESERVATION_STATUTS } from 'shared/contract/values';
import type { ReservationIntegraleDetail } from 'shared/contract';
import { IntegralePeriode } from '../../../lib/reservation-labels';
import { useRecap } from '../api/get-recap';
import { useReservationIntegrale } from '../api/get-reservation-integrale';
import { TotauxDescriptions } from './totaux-descriptions';
import { ChildrenTable } from './children-table';
import { FicheHeading } from './fiche-heading';
import { IntegraleActionsBar } from './integrale-actions-bar';
import { RecapTable } from './recap-table';

function Header({ integrale: p, extra }: { integrale: ReservationIntegraleDetail; extra: React.ReactNode }) {
  const { jwtTokenDecoded } = useAuth();
  return (
    <Flex vertical gap={12}>
      <FicheHeading
        title={`Réservation intégrale N° ${p.id}`}
        actions={extra}
        actionsLabel="Actions de la réservation intégrale"
      />
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'client',
            label: 'Client',
            children: <Link to={dashboardUrl('client-details', { id: p.client_id })}>{p.client_nom}</Link>,
          },
          {
            key: 'etablissement',
            label: 'Établissement',
            children: hasSubject(jwtTokenDecoded) ? (
              <Link to={dashboardUrl('etablissement-details', { id: p.etablissement_id })}>
                {p.etablissement_nom}
              </Link>
            ) : (
              p.etablissement_nom
            ),
          },
          { key: 'ville', label: 'Ville', children: p.etablissement_ville },
          {
            key: 'contrats',
            label: 'Contrats',
            children: `Client ${p.contrat_client.reference} · Établissement ${p.contrat_etablissement.reference}`,
          },
          { key: 'periode', label: 'Période', children: <IntegralePeriode integrale={p} /> },
          {
            key: 'effectif',
            label: 'Effectif',
            children: `${p.nombre_pensionnaires} pensionnaire${p.nombre_pensionnaires > 1 ? 's' : ''} · ${p.nombre_reservations} réservation${p.nombre_reservations > 1 ? 's' : ''}`,
          },
          {
            key: 'statuts',
            label: 'Statuts',
            children: (
              <Space wrap size={4}>
                {RESERVATION_STATUTS.filter((statut) => p.statuts[statut]).map((statut) => (
                  <ReservationStatutTag key={statut} statut={statut} count={p.statuts[statut]} />
                ))}
              </Space>
            ),
          },
          {
            key: 'creation',
            label: 'Créée le',
            children: formatDateTime(p.created_at) || formatDate(p.created_at),
          },
        ]}
      />
    </Flex>
  );
}

/** fiche-resa-integrale/:id — the full reservation: its stays, the recap per resident, totals and actions. */
export function FicheResaIntegralePage() {
  const detail = useReservationIntegrale();
  const recap = useRecap(detail.id ?? 0, { enabled: detail.id !== null });
  const loaded = detail.loading ? null : detail.record;

  useEffect(() => {
    if (loaded) saveSelection('reservation', loaded);
  }, [loaded]);

  return (
    <PageFrame routeId="fiche-resa-integrale">
      <RecordGate
        record={detail.record}
        state={detail}
        notFoundTitle="Réservation introuvable"
        listRouteId="reservation-integrale"
      >
        {(integrale) => (
          <Flex vertical gap={16}>
            <Header
              integrale={integrale}
              extra={<IntegraleActionsBar integrale={integrale} recap={recap.data ?? null} />}
            />
            <Card type="inner" title="Réservations">
              <ChildrenTable
                reservations={integrale.reservations}
                retablissements={integrale.retablissements}
              />
            </Card>
            <Card type="inner" title="Récapitulatif par pensionnaire">
              <RecapTable query={recap} />
            </Card>
            <Card type="inner" title="Totaux">
              <TotauxDescriptions totaux={integrale.totaux} />
            </Card>
          </Flex>
        )}
      </RecordGate>
    </PageFrame>
  );
}
