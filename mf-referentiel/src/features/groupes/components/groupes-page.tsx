import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import {
  formatDate,
  PageFrame,
  ResourceFormModal,
  ResourceTable,
  type ResourceColumn,
  type ResourceTableHandle,
} from 'shared';
import type { Groupe, GroupeBody } from 'shared/contract';
import { required } from '../../../lib/form-rules';
import { actionsColumn, RecordActions } from '../../../lib/record-actions';
import { useCanWrite } from '../../../lib/use-can-write';
import { archiveGroupe, restoreGroupe } from '../api/archive-groupe';
import { GROUPE_PATHS, type GroupeKind } from '../api/groupe-kinds';
import { createGroupe, updateGroupe } from '../api/save-groupe';

const SCREENS: Record<GroupeKind, { routeId: string; create: string; title: string }> = {
  etablissements: {
    routeId: 'group-etablissement',
    create: 'Créer un groupe',
    title: "Nouveau groupe d'établissements",
  },
  clients: { routeId: 'groupe-client', create: 'Créer un groupe', title: 'Nouveau groupe de clients' },
};

/** Groups of hotels or of clients: a name and its creation date. */
function GroupesPage({ kind }: { kind: GroupeKind }) {
  const screen = SCREENS[kind];
  const canWrite = useCanWrite();
  const table = useRef<ResourceTableHandle>(null);
  const [editing, setEditing] = useState<Groupe | 'new' | null>(null);
  const groupe = editing === 'new' ? null : editing;

  const columns: ResourceColumn<Groupe>[] = [
    { key: 'nom', title: 'Nom', sortable: true, searchable: true },
    {
      key: 'createdAt',
      title: 'Créé le',
      sortable: true,
      width: 160,
      render: (row) => formatDate(row.createdAt),
    },
  ];
  if (canWrite) {
    columns.push(
      actionsColumn((row, { archived, reload }) => (
        <RecordActions
          label={row.nom}
          archived={archived}
          onEdit={() => setEditing(row)}
          onArchive={() => archiveGroupe(kind, row.id).then(reload)}
          onRestore={() => restoreGroupe(kind, row.id).then(reload)}
        />
      )),
    );
  }

  return (
    <PageFrame
      routeId={screen.routeId}
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {screen.create}
          </Button>
        )
      }
    >
      <ResourceTable<Groupe> ref={table} path={GROUPE_PATHS[kind]} columns={columns} archivable />
      {canWrite && (
        <ResourceFormModal<GroupeBody>
          open={editing !== null}
          title={groupe ? `Modifier « ${groupe.nom} »` : screen.title}
          initialValues={groupe ?? undefined}
          onSubmit={(values) => {
            const body = { nom: values.nom.trim() };
            return groupe ? updateGroupe(kind, groupe.id, body) : createGroupe(kind, body);
          }}
          onSaved={() => table.current?.reload()}
          onClose={() => setEditing(null)}
        >
          <Form.Item label="Nom" name="nom" rules={required}>
            <Input maxLength={120} />
          </Form.Item>
        </ResourceFormModal>
      )}
    </PageFrame>
  );
}

export function GroupesEtablissementsPage() {
  return <GroupesPage kind="etablissements" />;
}

export function GroupesClientsPage() {
  return <GroupesPage kind="clients" />;
}
