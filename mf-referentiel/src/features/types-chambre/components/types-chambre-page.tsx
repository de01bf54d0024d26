import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber } from 'antd';
import { useRef, useState } from 'react';
import {
  PageFrame,
  ResourceFormModal,
  ResourceTable,
  type ResourceColumn,
  type ResourceTableHandle,
} from 'shared';
import { REFERENTIEL_PATHS, type TypeChambre, type TypeChambreBody } from 'shared/contract';
import { optionalText, required } from '../../../lib/form-rules';
import { actionsColumn, RecordActions } from '../../../lib/record-actions';
import { useCanWrite } from '../../../lib/use-can-write';
import { archiveTypeChambre, restoreTypeChambre } from '../api/archive-type-chambre';
import { createTypeChambre, updateTypeChambre } from '../api/save-type-chambre';

interface TypeChambreFormValues {
  libelle: string;
  capacite: number;
  description?: string | null;
}

/** Bounds of the contract (1 to 12 people per room). */
const CAPACITE = { min: 1, max: 12 };

export function toTypeChambreBody(values: TypeChambreFormValues): TypeChambreBody {
  return {
    libelle: values.libelle.trim(),
    capacite: values.capacite,
    description: optionalText(values.description),
  };
}

/** Room types (Simple, Double, Familiale, PMR…): label and capacity. */
export function TypesChambrePage() {
  const canWrite = useCanWrite();
  const table = useRef<ResourceTableHandle>(null);
  const [editing, setEditing] = useState<TypeChambre | 'new' | null>(null);
  const typeChambre = editing === 'new' ? null : editing;

  const columns: ResourceColumn<TypeChambre>[] = [
    { key: 'libelle', title: 'Libellé', sortable: true, searchable: true },
    {
      key: 'capacite',
      title: 'Capacité',
      sortable: true,
      align: 'right',
      width: 140,
      render: (row) => `${row.capacite} pers.`,
    },
  ];
  if (canWrite) {
    columns.push(
      actionsColumn((row, { archived, reload }) => (
        <RecordActions
          label={row.libelle}
          archived={archived}
          onEdit={() => setEditing(row)}
          onArchive={() => archiveTypeChambre(row.id).then(reload)}
          onRestore={() => restoreTypeChambre(row.id).then(reload)}
        />
      )),
    );
  }

  return (
    <PageFrame
      routeId="type-chambre"
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            Créer un type de chambre
          </Button>
        )
      }
    >
      <ResourceTable<TypeChambre>
        ref={table}
        path={REFERENTIEL_PATHS.typesChambre}
        columns={columns}
        archivable
      />
      {canWrite && (
        <ResourceFormModal<TypeChambreFormValues>
          open={editing !== null}
          title={typeChambre ? `Modifier « ${typeChambre.libelle} »` : 'Nouveau type de chambre'}
          initialValues={typeChambre ?? undefined}
          onSubmit={(values) => {
            const body = toTypeChambreBody(values);
            return typeChambre ? updateTypeChambre(typeChambre.id, body) : createTypeChambre(body);
          }}
          onSaved={() => table.current?.reload()}
          onClose={() => setEditing(null)}
        >
          <Form.Item label="Libellé" name="libelle" rules={required}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item
            label="Capacité"
            name="capacite"
            extra="Nombre de personnes, de 1 à 12."
            rules={[{ required: true }, { type: 'integer', ...CAPACITE }]}
          >
            <InputNumber precision={0} style={{ width: 160 }} suffix="pers." />
          </Form.Item>
          <Form.Item label="Description" name="description">
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </ResourceFormModal>
      )}
    </PageFrame>
  );
}
