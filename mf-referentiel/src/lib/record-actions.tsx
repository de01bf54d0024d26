import { EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import {
  ConfirmArchiveButton,
  ConfirmRestoreButton,
  type ResourceColumn,
  type ResourceRowContext,
} from 'shared/ui';

export interface RecordActionsProps {
  /** Name of the record, in the buttons' accessible names and the questions. */
  label: string;
  archived: boolean;
  onEdit?: () => void;
  /** Without it (a user who may edit but not archive), no « Archiver » and no « Restaurer ». */
  onArchive?: () => Promise<unknown>;
  onRestore?: () => Promise<unknown>;
}

/**
 * « Modifier » and « Archiver » for an active record; only « Restaurer » for an archived one, since the API refuses
 * to edit it.
 */
export function RecordActions({ label, archived, onEdit, onArchive, onRestore }: RecordActionsProps) {
  if (archived) return onRestore ? <ConfirmRestoreButton label={label} onConfirm={onRestore} /> : null;
  return (
    <Space size={0} wrap>
      {onEdit && (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          aria-label={`Modifier « ${label} »`}
          onClick={onEdit}
        >
          Modifier
        </Button>
      )}
      {onArchive && <ConfirmArchiveButton label={label} onConfirm={onArchive} />}
    </Space>
  );
}

/** The actions column of a list: only for users who may write. */
export function actionsColumn<T>(
  render: (row: T, context: ResourceRowContext) => ReactNode,
): ResourceColumn<T> {
  return { key: 'actions', title: 'Actions', width: 220, render };
}
