import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { PageFrame, ResourceFormModal, ResourceTable, type ResourceColumn } from 'shared/ui';
import { REFERENTIEL_PATHS, type TypeChambre, type TypeChambreBody } from 'shared/contract';
import { optionalText, required } from '../../../lib/form-rules';
import { actionsColumn, RecordActions } from '../../../lib/record-actions';
import { useCanWrite } from '../../../lib/use-can-write';
import { useArchiveTypeChambre } from '../api/archive-type-chambre';
import { useCreateTypeChambre } from '../api/create-type-chambre';
import { useRestoreTypeChambre } from '../api/restore-type-chambre';
import { useUpdateTypeChambre } from '../api/update-type-chambre';

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
  const create = useCreateTypeChambre();
  const update = useUpdateTypeChambre();
  const archive = useArchiveTypeChambre();
  const restore = useRestoreTypeChambre();
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
      actionsColumn((row, { archived }) => (
        <RecordActions
          label={row.libelle}
          archived={archived}
          onEdit={() => setEditing(row)}
          onArchive={() => archive.mutateAsync(row.id)}
          onRestore={() => restore.mutateAsync(row.id)}
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
      <ResourceTable<TypeChambre> path={REFERENTIEL_PATHS.typesChambre} columns={columns} archivable />
      {canWrite && (
        <ResourceFormModal<TypeChambreFormValues>
          open={editing !== null}
          title={typeChambre ? `Modifier « ${typeChambre.libelle} »` : 'Nouveau type de chambre'}
          initialValues={typeChambre ?? undefined}
          onSubmit={(values) => {
            const body = toTypeChambreBody(values);
            return typeChambre ? update.mutateAsync({ id: typeChambre.id, body }) : create.mutateAsync(body);
          }}
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
