import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { formatDate } from 'shared';
import { PageFrame, ResourceFormModal, ResourceTable, type ResourceColumn } from 'shared/ui';
import type { Groupe, GroupeBody } from 'shared/contract';
import { required } from '../../../lib/form-rules';
import { actionsColumn, RecordActions } from '../../../lib/record-actions';
import { useCanWrite } from '../../../lib/use-can-write';
import { useArchiveGroupe } from '../api/archive-groupe';
import { useCreateGroupe } from '../api/create-groupe';
import { GROUPE_KINDS, type GroupeKind } from '../api/groupe-kinds';
import { useRestoreGroupe } from '../api/restore-groupe';
import { useUpdateGroupe } from '../api/update-groupe';

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
  const create = useCreateGroupe();
  const update = useUpdateGroupe();
  const archive = useArchiveGroupe();
  const restore = useRestoreGroupe();
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
      actionsColumn((row, { archived }) => (
        <RecordActions
          label={row.nom}
          archived={archived}
          onEdit={() => setEditing(row)}
          onArchive={() => archive.mutateAsync({ kind, id: row.id })}
          onRestore={() => restore.mutateAsync({ kind, id: row.id })}
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
      <ResourceTable<Groupe> path={GROUPE_KINDS[kind].path} columns={columns} archivable />
      {canWrite && (
        <ResourceFormModal<GroupeBody>
          open={editing !== null}
          title={groupe ? `Modifier « ${groupe.nom} »` : screen.title}
          initialValues={groupe ?? undefined}
          onSubmit={(values) => {
            const body = { nom: values.nom.trim() };
            return groupe
              ? update.mutateAsync({ kind, id: groupe.id, body })
              : create.mutateAsync({ kind, body });
          }}
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
