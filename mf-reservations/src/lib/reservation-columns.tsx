import { Flex, Typography } from 'antd';
import { formatDate } from 'shared';
import { ReservationStatutTag, type ResourceColumn } from 'shared/ui';
import type { ReservationItem } from 'shared/contract';
import { EtatPaiementTag, TypeResaTag } from './reservation-labels';

/** Columns of a list of stays (spec §7); `key` is the API's sort / search name where it has one. */
export const reservationColumns: ResourceColumn<ReservationItem>[] = [
  { key: 'id', title: 'N°', sortable: true, width: 80 },
  {
    key: 'pensionnaire',
    title: 'Pensionnaire',
    sortable: true,
    searchable: true,
    render: (row) => (
      <Flex vertical>
        <span>
          {row.pensionnaire_nom.toLocaleUpperCase('fr')} {row.pensionnaire_prenom}
        </span>
        <Typography.Text type="secondary">Dossier {row.numero_dossier}</Typography.Text>
      </Flex>
    ),
  },
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
  { key: 'type_chambre', title: 'Type de chambre', render: (row) => row.type_chambre_libelle },
  { key: 'chambre', title: 'Chambre', searchable: true, render: (row) => row.chambre ?? '—' },
  { key: 'date_debut', title: 'Arrivée', sortable: true, render: (row) => formatDate(row.date_debut) },
  { key: 'date_fin', title: 'Départ', sortable: true, render: (row) => formatDate(row.date_fin) },
  { key: 'nombre_nuits', title: 'Nuits', align: 'right', width: 70 },
  {
    key: 'statut',
    title: 'Statut',
    sortable: true,
    render: (row) => <ReservationStatutTag statut={row.statut} />,
  },
  { key: 'type_resa', title: 'Type', render: (row) => <TypeResaTag type={row.type_resa} /> },
  {
    key: 'paiements',
    title: 'PAF / CAF',
    render: (row) =>
      row.status_paf || row.status_caf ? (
        <Flex vertical gap={4} align="start">
          {row.status_paf && <EtatPaiementTag flux="paf" etat={row.etat_payment_paf} />}
          {row.status_caf && <EtatPaiementTag flux="caf" etat={row.etat_payment_caf} />}
        </Flex>
      ) : (
        '—'
      ),
  },
];
