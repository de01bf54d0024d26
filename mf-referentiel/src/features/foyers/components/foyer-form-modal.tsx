import { Form, Input, Select } from 'antd';
import { labelSearch, ResourceFormModal } from 'shared/ui';
import type { FoyerItem, FoyerWritten } from 'shared/contract';
import { optionalText, required } from '../../../lib/form-rules';
import type { ReferenceLookup } from '../../../lib/use-reference-lookup';
import { useCreateFoyer } from '../api/create-foyer';
import { useUpdateFoyer } from '../api/update-foyer';

interface FoyerFormValues {
  clientId: number;
  nom: string;
  notes?: string | null;
}

export interface FoyerFormModalProps {
  open: boolean;
  /** The household to rename; null creates one. */
  foyer: FoyerItem | null;
  clients: ReferenceLookup;
  onClose: () => void;
  onSaved?: (written: FoyerWritten) => void;
}

/** Create a household (its client, then its name) or rename one: its client never changes. */
export function FoyerFormModal({ open, foyer, clients, onClose, onSaved }: FoyerFormModalProps) {
  const create = useCreateFoyer();
  const update = useUpdateFoyer();
  return (
    <ResourceFormModal<FoyerFormValues, FoyerWritten>
      open={open}
      title={foyer ? `Modifier « ${foyer.nom} »` : 'Nouveau foyer'}
      initialValues={foyer ? { clientId: foyer.clientId, nom: foyer.nom, notes: foyer.notes } : undefined}
      onSubmit={(values) => {
        const body = { nom: values.nom.trim(), notes: optionalText(values.notes) };
        return foyer
          ? update.mutateAsync({ id: foyer.id, body })
          : create.mutateAsync({ clientId: values.clientId, ...body });
      }}
      {...(onSaved ? { onSaved } : {})}
      onClose={onClose}
    >
      <Form.Item name="clientId" label="Client" rules={[{ required: true }]}>
        <Select
          showSearch={labelSearch}
          options={clients.optionsWith(foyer?.clientId)}
          loading={clients.loading}
          disabled={foyer !== null}
          placeholder="Choisir le client"
        />
      </Form.Item>
      <Form.Item name="nom" label="Nom du foyer" rules={[...required, { max: 120 }]}>
        <Input placeholder="Famille Koné" maxLength={120} />
      </Form.Item>
      <Form.Item name="notes" label="Notes" rules={[{ max: 2000 }]}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
    </ResourceFormModal>
  );
}
