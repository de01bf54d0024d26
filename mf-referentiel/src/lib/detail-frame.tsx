import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Flex, Space, type DescriptionsProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatDate } from 'shared';
import { PageFrame, RecordGate, type RecordGateState } from 'shared/ui';

type DescriptionItem = NonNullable<DescriptionsProps['items']>[number];

/** The dates every record carries, shown last on its card. */
interface Dated {
  createdAt: string;
  updatedAt: string;
}

export interface DetailFrameProps<T extends Dated> {
  /** Route of the page (its title and breadcrumb). */
  routeId: string;
  /** The record's loading (RecordGate's state and record). */
  state: RecordGateState & { record: T | null };
  /** « Client introuvable » */
  notFoundTitle: string;
  /** Route of the list to go back to. */
  listRouteId: string;
  /** The card's title: the record's name and its tags. */
  title: (record: T) => ReactNode;
  /** Beside the title (a contract's status actions). */
  titleExtra?: (record: T) => ReactNode;
  /** The card's fields; « Créé le » and « Modifié le » follow them. */
  items: (record: T) => DescriptionItem[];
  /** The edit form: « Modifier » shows when `allowed` says so and opens it. */
  edit?: {
    allowed: (record: T) => boolean;
    form: (record: T, modal: { open: boolean; onClose: () => void }) => ReactNode;
  };
  /** Sections under the card. */
  children?: (record: T) => ReactNode;
}

/**
 * A reference record's page: the card of its fields (a skeleton, a 404 or a retry until it is there), « Modifier »
 * and its form, and the sections the page puts under it.
 */
export function DetailFrame<T extends Dated>({
  routeId,
  state,
  notFoundTitle,
  listRouteId,
  title,
  titleExtra,
  items,
  edit,
  children,
}: DetailFrameProps<T>) {
  const [editing, setEditing] = useState(false);
  const { record } = state;

  return (
    <PageFrame
      routeId={routeId}
      extra={
        record &&
        edit?.allowed(record) && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            Modifier
          </Button>
        )
      }
    >
      <RecordGate record={record} state={state} notFoundTitle={notFoundTitle} listRouteId={listRouteId}>
        {(loaded) => (
          <Flex vertical gap={16}>
            <Descriptions
              title={<Space wrap>{title(loaded)}</Space>}
              extra={titleExtra?.(loaded)}
              bordered
              column={{ xs: 1, md: 2 }}
              items={[
                ...items(loaded),
                { key: 'creation', label: 'Créé le', children: formatDate(loaded.createdAt) },
                { key: 'modification', label: 'Modifié le', children: formatDate(loaded.updatedAt) },
              ]}
            />
            {children?.(loaded)}
          </Flex>
        )}
      </RecordGate>
      {record && edit?.form(record, { open: editing, onClose: () => setEditing(false) })}
    </PageFrame>
  );
}
