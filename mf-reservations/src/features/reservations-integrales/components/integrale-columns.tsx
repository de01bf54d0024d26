import { Flex, Typography } from 'antd';
import { ReservationStatutTag, type ResourceColumn } from 'shared/ui';
import { RESERVATION_STATUTS } from 'shared/contract/values';
import type { ReservationIntegraleItem } from 'shared/contract';
import { IntegralePeriode } from '../../../lib/reservation-labels';

/** Columns of the full reservations list; `key` is the API's sort / search name where it has one. */
export const integraleColumns: ResourceColumn<ReservationIntegraleItem>[] = [
  { key: 'id', title: 'N°', sortable: true, width: 80 },
  { key: 'client', title: 'Client', sortable: true, searchable: true, render: (row) => row.client_nom },
  {
    key: 'etablissement',
    title: 'Établissement',
    sortable: true,
    searchable: true,
    render: (row) => (
      <Flex vertical>
        <span>{row.etablissement_nom}</span>
        <Typography.Text type="secondary">{row.etablissement_ville}</Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'date_debut',
    title: 'Période',
    sortable: true,
    render: (row) => <IntegralePeriode integrale={row} />,
  },
  {
    key: 'contrats',
    title: 'Contrats',
    render: (row) => (
      <Flex vertical>
        <span>Client : {row.contrat_client.reference}</span>
        <span>Établissement : {row.contrat_etablissement.reference}</span>
      </Flex>
    ),
  },
  {
    key: 'pensionnaire',
    title: 'Pensionnaires',
    searchable: true,
    align: 'right',
    render: (row) => row.nombre_pensionnaires,
  },
  { key: 'nombre_reservations', title: 'Séjours', align: 'right' },
  {
    key: 'statuts',
    title: 'Statuts',
    render: (row) => (
      <Flex wrap gap={4}>
        {RESERVATION_STATUTS.filter((statut) => row.statuts[statut]).map((statut) => (
          <ReservationStatutTag key={statut} statut={statut} count={row.statuts[statut]} />
        ))}
      </Flex>
    ),
  },
];
