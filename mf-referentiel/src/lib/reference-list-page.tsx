import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardUrl, saveSelection } from 'shared';
import { PageFrame, ResourceTable, type ResourceColumn } from 'shared/ui';
import { actionsColumn, RecordActions } from './record-actions';
import { useCanWrite } from './use-can-write';

interface NamedRecord {
  id: number;
  nom: string;
}

export interface ReferenceListPageProps<T extends NamedRecord> {
  /** Route of the list. */
  routeId: string;
  /** Route of a record's card, opened by a row. */
  detailsRouteId: string;
  /** Session-storage key of the opened row: the card shows it at once (readSelection). */
  selectionKey: Parameters<typeof saveSelection>[0];
  /** The list's resource path, with any fixed filter as its query. */
  path: string;
  /** « Créer un client » */
  createLabel: string;
  /** The data columns; administrators get the actions after them. */
  columns: ResourceColumn<T>[];
  archive: (id: number) => Promise<unknown>;
  restore: (id: number) => Promise<unknown>;
  /** Above the table, beside the archived switch (a filter). */
  toolbar?: ReactNode;
  /** The create and edit form: `record` null creates. */
  form: (modal: { open: boolean; record: T | null; onClose: () => void }) => ReactNode;
}

/**
 * A reference list (clients, hotels): searchable, a row opens the record's card; administrators create, edit,
 * archive and restore.
 */
export function ReferenceListPage<T extends NamedRecord>({
  routeId,
  detailsRouteId,
  selectionKey,
  path,
  createLabel,
  columns,
  archive,
  restore,
  toolbar,
  form,
}: ReferenceListPageProps<T>) {
  const canWrite = useCanWrite();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<T | 'new' | null>(null);

  const allColumns = canWrite
    ? [
        ...columns,
        actionsColumn<T>((row, { archived }) => (
          <RecordActions
            label={row.nom}
            archived={archived}
            onEdit={() => setEditing(row)}
            onArchive={() => archive(row.id)}
            onRestore={() => restore(row.id)}
          />
        )),
      ]
    : columns;

  const open = (row: T) => {
    saveSelection(selectionKey, row);
    void navigate(dashboardUrl(detailsRouteId, { id: row.id }));
  };

  return (
    <PageFrame
      routeId={routeId}
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {createLabel}
          </Button>
        )
      }
    >
      <ResourceTable<T> path={path} columns={allColumns} archivable onOpen={open} toolbar={toolbar} />
      {canWrite &&
        form({
          open: editing !== null,
          record: editing === 'new' ? null : editing,
          onClose: () => setEditing(null),
        })}
    </PageFrame>
  );
}
