import type { ResourceColumn } from 'shared/ui';
import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { ReferenceListPage } from '../../../lib/reference-list-page';
import { ReferenceName } from '../../../lib/reference-name';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { useArchiveEtablissement } from '../api/archive-etablissement';
import { useRestoreEtablissement } from '../api/restore-etablissement';
import { EtablissementFormModal } from './etablissement-form-modal';

/** Hotels: searchable list, row opens the hotel's card; administrators create, edit, archive and restore. */
export function EtablissementsPage() {
  const archive = useArchiveEtablissement();
  const restore = useRestoreEtablissement();
  const groupes = useReferenceLookup(REFERENTIEL_PATHS.groupesEtablissements);

  const columns: ResourceColumn<Etablissement>[] = [
    { key: 'nom', title: 'Nom', sortable: true, searchable: true },
    {
      key: 'groupeId',
      title: 'Groupe',
      render: (row) => <ReferenceName lookup={groupes} id={row.groupeId} />,
    },
    { key: 'ville', title: 'Ville', sortable: true, searchable: true },
    { key: 'codePostal', title: 'Code postal', sortable: true, searchable: true, width: 150 },
    { key: 'nombreChambres', title: 'Chambres', align: 'right', width: 110 },
  ];

  return (
    <ReferenceListPage<Etablissement>
      routeId="etablissement"
      detailsRouteId="etablissement-details"
      selectionKey="establishment"
      path={REFERENTIEL_PATHS.etablissements}
      createLabel="Créer un établissement"
      columns={columns}
      archive={archive.mutateAsync}
      restore={restore.mutateAsync}
      form={({ record, ...modal }) => (
        <EtablissementFormModal {...modal} etablissement={record} groupes={groupes} />
      )}
    />
  );
}
