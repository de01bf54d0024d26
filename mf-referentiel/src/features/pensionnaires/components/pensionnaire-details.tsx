import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { dashboardUrl, formatDate } from 'shared';
import { REFERENTIEL_PATHS, type Pensionnaire } from 'shared/contract';
import { DetailFrame } from '../../../lib/detail-frame';
import { SEXE_LABELS } from '../../../lib/labels';
import { ArchivedTag, orNone, UpcomingSection } from '../../../lib/record-details';
import { ReferenceName } from '../../../lib/reference-name';
import { useCanCorrectResidents } from '../../../lib/use-can-write';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { usePensionnaire } from '../api/get-pensionnaire';
import { PensionnaireDemandes } from './pensionnaire-demandes';
import { PensionnaireEditModal } from './pensionnaire-edit-modal';

export interface PensionnaireDetailsProps {
  /** The « Foyer » entry of the card (composed by the page from the households feature). */
  foyer?: (pensionnaire: Pensionnaire) => ReactNode;
}

/** A resident's card: their accommodation requests and communications, and the place where their stays will be listed. */
export function PensionnaireDetails({ foyer }: PensionnaireDetailsProps = {}) {
  const state = usePensionnaire();
  const clients = useReferenceLookup(REFERENTIEL_PATHS.clients);
  // An administrator edits every field, an agent the contact details (PensionnaireEditModal).
  const canEdit = useCanCorrectResidents();

  return (
    <DetailFrame<Pensionnaire>
      routeId="pensionnaire"
      state={state}
      notFoundTitle="Pensionnaire introuvable"
      listRouteId="pensionnaires"
      title={(pensionnaire) => (
        <>
          {`${pensionnaire.prenom} ${pensionnaire.nom}`}
          <ArchivedTag archivedAt={pensionnaire.archivedAt} />
        </>
      )}
      items={(pensionnaire) => [
        { key: 'nom', label: 'Nom', children: pensionnaire.nom },
        { key: 'prenom', label: 'Prénom', children: pensionnaire.prenom },
        { key: 'dossier', label: 'N° de dossier', children: pensionnaire.numeroDossier },
        {
          key: 'client',
          label: 'Client',
          children: (
            <Link to={dashboardUrl('client-details', { id: pensionnaire.clientId })}>
              <ReferenceName lookup={clients} id={pensionnaire.clientId} />
            </Link>
          ),
        },
        {
          key: 'naissance',
          label: 'Date de naissance',
          children: orNone(formatDate(pensionnaire.dateNaissance)),
        },
        { key: 'sexe', label: 'Sexe', children: SEXE_LABELS[pensionnaire.sexe] },
        ...(foyer ? [{ key: 'foyer', label: 'Foyer', children: foyer(pensionnaire) }] : []),
        { key: 'telephone', label: 'Téléphone', children: orNone(pensionnaire.telephone) },
        { key: 'email', label: 'E-mail', children: orNone(pensionnaire.email) },
        { key: 'notes', label: 'Notes', children: orNone(pensionnaire.notes), span: 'filled' },
      ]}
      edit={{
        allowed: (pensionnaire) => canEdit && !pensionnaire.archivedAt,
        form: (pensionnaire, { open, onClose }) => (
          <PensionnaireEditModal editing={open ? pensionnaire : null} clients={clients} onClose={onClose} />
        ),
      }}
    >
      {(pensionnaire) => (
        <>
          <PensionnaireDemandes id={pensionnaire.id} />
          <UpcomingSection title="Séjours">
            Les séjours de ce pensionnaire apparaîtront ici dès que les réservations existeront (lot suivant).
          </UpcomingSection>
        </>
      )}
    </DetailFrame>
  );
}
