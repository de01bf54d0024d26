import type { ReactNode } from 'react';
import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { DetailFrame } from '../../../lib/detail-frame';
import { addressItems, ArchivedTag, orNone } from '../../../lib/record-details';
import { ReferenceName } from '../../../lib/reference-name';
import { useCanWrite } from '../../../lib/use-can-write';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { useEtablissement } from '../api/get-etablissement';
import { EtablissementFormModal } from './etablissement-form-modal';

export interface EtablissementDetailsProps {
  /** Sections under the card, given the loaded hotel (its contracts…). */
  children?: (etablissement: Etablissement) => ReactNode;
}

/** A hotel's card: every field and its group, with « Modifier » for administrators; the page composes the rest. */
export function EtablissementDetails({ children }: EtablissementDetailsProps) {
  const state = useEtablissement();
  const groupes = useReferenceLookup(REFERENTIEL_PATHS.groupesEtablissements);
  const canWrite = useCanWrite();

  return (
    <DetailFrame<Etablissement>
      routeId="etablissement-details"
      state={state}
      notFoundTitle="Établissement introuvable"
      listRouteId="etablissement"
      title={(etablissement) => (
        <>
          {etablissement.nom}
          <ArchivedTag archivedAt={etablissement.archivedAt} />
        </>
      )}
      items={(etablissement) => [
        {
          key: 'groupe',
          label: 'Groupe',
          children: <ReferenceName lookup={groupes} id={etablissement.groupeId} />,
        },
        { key: 'chambres', label: 'Nombre de chambres', children: orNone(etablissement.nombreChambres) },
        ...addressItems(etablissement),
        { key: 'telephone', label: 'Téléphone', children: orNone(etablissement.telephone) },
        { key: 'email', label: 'E-mail', children: orNone(etablissement.email) },
        { key: 'notes', label: 'Notes', children: orNone(etablissement.notes), span: 'filled' },
      ]}
      edit={
        canWrite
          ? {
              allowed: (etablissement) => !etablissement.archivedAt,
              form: (etablissement, modal) => (
                <EtablissementFormModal {...modal} etablissement={etablissement} groupes={groupes} />
              ),
            }
          : undefined
      }
    >
      {children}
    </DetailFrame>
  );
}
