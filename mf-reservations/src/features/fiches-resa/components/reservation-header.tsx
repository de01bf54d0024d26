import { Descriptions, Flex, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { dashboardUrl, formatDate, formatDateTime, formatPeriod, hasSubject, useAuth } from 'shared';
import type { ReservationDetail } from 'shared/contract';
import { ReservationStatutTag } from 'shared/ui';
import { nuits, TypeResaTag } from '../../../lib/reservation-labels';
import { FicheHeading } from './fiche-heading';
import { ApecSwitch, PaiementControl } from './paiement-controls';

function repas(reservation: ReservationDetail): string {
  const taken = [
    reservation.petit_dejeuner && 'Petit-déjeuner',
    reservation.dejeuner && 'Déjeuner',
    reservation.diner && 'Dîner',
  ].filter(Boolean);
  return taken.length ? taken.join(', ') : 'Aucun';
}

/** The other stays of the chain (initial stay and extensions), as links. */
function Chaine({ reservation }: { reservation: ReservationDetail }) {
  if (reservation.chaine.length <= 1) return <>—</>;
  return (
    <Space orientation="vertical" size={2}>
      {reservation.chaine.map((link) =>
        link.id === reservation.id ? (
          <span key={link.id}>
            N° {link.id} (cette réservation) · {formatPeriod(link.date_debut, link.date_fin)}
          </span>
        ) : (
          <span key={link.id}>
            <Link to={dashboardUrl('fiche-resa', { id: link.id })}>
              N° {link.id}
              {link.id === reservation.prolongation_de_id && ' (réservation prolongée)'}
              {link.id === reservation.prolongee_par_id && ' (prolongation)'}
            </Link>{' '}
            · {formatPeriod(link.date_debut, link.date_fin)} <ReservationStatutTag statut={link.statut} />
          </span>
        ),
      )}
    </Space>
  );
}

export interface ReservationHeaderProps {
  reservation: ReservationDetail;
  extra?: React.ReactNode;
}

/** Everything about the stay but its nights and history, under its title and actions. */
export function ReservationHeader({ reservation: r, extra }: ReservationHeaderProps) {
  const { jwtTokenDecoded } = useAuth();
  // The hotel card is an extra route (spec §2): a link only for a token that may open it.
  const hotelLink = hasSubject(jwtTokenDecoded);
  return (
    <Flex vertical gap={12}>
      <FicheHeading
        title={
          <Space wrap>
            <span>Réservation N° {r.id}</span>
            <ReservationStatutTag statut={r.statut} />
            <TypeResaTag type={r.type_resa} />
          </Space>
        }
        actions={extra}
        actionsLabel="Actions de la réservation"
      />
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'mere',
            label: 'Réservation intégrale',
            children: (
              <Link to={dashboardUrl('fiche-resa-integrale', { id: r.id_reservation_mere })}>
                Réservation intégrale N° {r.id_reservation_mere}
              </Link>
            ),
          },
          { key: 'chaine', label: 'Séjours liés', children: <Chaine reservation={r} /> },
          {
            key: 'pensionnaire',
            label: 'Pensionnaire',
            children: (
              <Link to={dashboardUrl('pensionnaire', { id: r.pensionnaire_id })}>
                {r.pensionnaire_nom.toUpperCase()} {r.pensionnaire_prenom}
              </Link>
            ),
          },
          { key: 'dossier', label: 'N° de dossier', children: r.numero_dossier },
          {
            key: 'client',
            label: 'Client',
            children: <Link to={dashboardUrl('client-details', { id: r.client_id })}>{r.client_nom}</Link>,
          },
          {
            key: 'etablissement',
            label: 'Établissement',
            children: hotelLink ? (
              <Link to={dashboardUrl('etablissement-details', { id: r.etablissement_id })}>
                {r.etablissement_nom}
              </Link>
            ) : (
              r.etablissement_nom
            ),
          },
          { key: 'ville', label: 'Ville', children: r.etablissement_ville },
          {
            key: 'contrats',
            label: 'Contrats',
            children: `Client ${r.contrat_client.reference} · Établissement ${r.contrat_etablissement.reference}`,
          },
          {
            key: 'type-chambre',
            label: 'Type de chambre',
            children: `${r.type_chambre_libelle} (${r.type_chambre_capacite} pers.)`,
          },
          { key: 'chambre', label: 'Chambre', children: r.chambre ?? 'Non attribuée' },
          { key: 'arrivee', label: 'Arrivée', children: formatDate(r.date_debut) },
          { key: 'depart', label: 'Départ', children: formatDate(r.date_fin) },
          { key: 'nuits', label: 'Nuits', children: nuits(r.nombre_nuits) },
          { key: 'repas', label: 'Repas', children: repas(r) },
          {
            key: 'paf',
            label: 'PAF',
            children: <PaiementControl reservation={r} flux="paf" />,
          },
          {
            key: 'caf',
            label: 'CAF',
            children: <PaiementControl reservation={r} flux="caf" />,
          },
          { key: 'apec', label: 'APEC', children: <ApecSwitch reservation={r} /> },
          {
            key: 'creation',
            label: 'Créée le',
            children: `${formatDateTime(r.created_at)}${r.created_by ? ` par ${r.created_by}` : ''}`,
          },
          ...(r.annulee_at
            ? [{ key: 'annulation', label: 'Annulée le', children: formatDateTime(r.annulee_at) }]
            : []),
          ...(r.demande_id
            ? [
                {
                  key: 'demande',
                  label: 'Demande',
                  children: (
                    <Link to={dashboardUrl('demande-hebergement', { id: r.demande_id })}>
                      N° {r.demande_id}
                    </Link>
                  ),
                },
              ]
            : []),
          {
            key: 'modification',
            label: 'Modifiée le',
            children: <Typography.Text>{formatDateTime(r.updated_at)}</Typography.Text>,
          },
        ]}
      />
    </Flex>
  );
}
