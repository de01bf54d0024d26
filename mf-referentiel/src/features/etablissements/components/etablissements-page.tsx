import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  dashboardUrl,
  PageFrame,
  ResourceTable,
  saveSelection,
  type ResourceColumn,
  type ResourceTableHandle,
} from 'shared';
import { REFERENTIEL_PATHS, type Etablissement } from 'shared/contract';
import { actionsColumn, RecordActions } from '../../../lib/record-actions';
import { ReferenceName } from '../../../lib/reference-name';
import { useCanWrite } from '../../../lib/use-can-write';
import { useReferenceLookup } from '../../../lib/use-reference-lookup';
import { archiveEtablissement, restoreEtablissement } from '../api/archive-etablissement';
import { EtablissementFormModal } from './etablissement-form-modal';

/** Hotels: searchable list, row opens the hotel's card; administrators create, edit, archive and restore. */
export function EtablissementsPage() {
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const table = useRef<ResourceTableHandle>(null);
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
      actionsColumn((row, { archived, reload }) => (
        <RecordActions
          label={row.nom}
          archived={archived}
          onEdit={() => setEditing(row)}
          onArchive={() => archiveEtablissement(row.id).then(reload)}
          onRestore={() => restoreEtablissement(row.id).then(reload)}
        />
      )),
    );
  }

  const open = (row: Etablissement) => {
    saveSelection('establishment', row);
    navigate(dashboardUrl('etablissement-details', { id: row.id }));
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
        ref={table}
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
          onSaved={() => table.current?.reload()}
        />
      )}
    </PageFrame>
  );
}
