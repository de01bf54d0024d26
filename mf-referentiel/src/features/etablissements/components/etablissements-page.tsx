import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl, saveSelection } from 'shared';
import { PageFrame, ResourceTable, type ResourceColumn } from 'shared/ui';
import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { actionsColumn, RecordActions } from '../../../lib/record-actions';
import { ReferenceName } from '../../../lib/reference-name';
import { useCanWrite } from '../../../lib/use-can-write';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { useArchiveEtablissement } from '../api/archive-etablissement';
import { useRestoreEtablissement } from '../api/restore-etablissement';
import { EtablissementFormModal } from './etablissement-form-modal';

/** Hotels: searchable list, row opens the hotel's card; administrators create, edit, archive and restore. */
export function EtablissementsPage() {
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const archive = useArchiveEtablissement();
  const restore = useRestoreEtablissement();
  const groupes = useReferenceLookup(REFERENTIEL_PATHS.groupesEtablissements);
  const [editing, setEditing] = useState<Etablissement | 'new' | null>(null);

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
  if (canWrite) {
    columns.push(
      actionsColumn((row, { archived }) => (
        <RecordActions
          label={row.nom}
          archived={archived}
          onEdit={() => setEditing(row)}
          onArchive={() => archive.mutateAsync(row.id)}
          onRestore={() => restore.mutateAsync(row.id)}
        />
      )),
    );
  }

  const open = (row: Etablissement) => {
    saveSelection('establishment', row);
    void navigate(dashboardUrl('etablissement-details', { id: row.id }));
  };

  return (
    <PageFrame
      routeId="etablissement"
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            Créer un établissement
          </Button>
        )
      }
    >
      <ResourceTable<Etablissement>
        path={REFERENTIEL_PATHS.etablissements}
        columns={columns}
        archivable
        onOpen={open}
      />
      {canWrite && (
        <EtablissementFormModal
          open={editing !== null}
          etablissement={editing === 'new' ? null : editing}
          groupes={groupes}
          onClose={() => setEditing(null)}
        />
      )}
    </PageFrame>
  );
}
