import { Form, Input, InputNumber, Select } from 'antd';
import { selectedEstablishmentGroup, selectEstablishmentGroup } from 'shared';
import { labelSearch, ResourceFormModal } from 'shared/ui';
import type { Etablissement, EtablissementBody } from 'shared/contract';
import { AddressFields, ContactFields } from '../../../lib/address-contact-fields';
import { optionalText, required } from '../../../lib/form-rules';
import type { ReferenceLookup } from '../../../lib/use-reference-lookup';
import { useCreateEtablissement } from '../api/create-etablissement';
import { useUpdateEtablissement } from '../api/update-etablissement';

export interface EtablissementFormValues {
  nom: string;
  groupeId?: number | null;
  adresse: string;
  codePostal: string;
  ville: string;
  telephone?: string | null;
  email?: string | null;
  nombreChambres?: number | null;
  notes?: string | null;
}

/** The write body: every field of the contract, cleared optional ones as null (so an edit can empty them). */
export function toEtablissementBody(values: EtablissementFormValues): EtablissementBody {
  return {
    nom: values.nom.trim(),
    groupeId: values.groupeId ?? null,
    adresse: values.adresse.trim(),
    codePostal: values.codePostal.trim(),
    ville: values.ville.trim(),
    telephone: optionalText(values.telephone),
    email: optionalText(values.email),
    nombreChambres: values.nombreChambres ?? null,
    notes: optionalText(values.notes),
  };
}

export interface EtablissementFormModalProps {
  open: boolean;
  /** The hotel to edit; null creates one. */
  etablissement: Etablissement | null;
  /** The page's hotel groups (choices of « Groupe »). */
  groupes: ReferenceLookup;
  onClose: () => void;
  /** After the save, once the hotel's lists, card and lookup are refreshed. */
  onSaved?: (etablissement: Etablissement) => void;
}

export function EtablissementFormModal({
  open,
  etablissement,
  groupes,
  onClose,
  onSaved,
}: EtablissementFormModalProps) {
  const create = useCreateEtablissement();
  const update = useUpdateEtablissement();
  // Hotels are entered group by group: a new one starts in the group last chosen in this tab (spec §3 keeps it).
  const lastGroup = selectedEstablishmentGroup();
  return (
    <ResourceFormModal<EtablissementFormValues, { data: Etablissement }>
      open={open}
      width={680}
      title={etablissement ? `Modifier « ${etablissement.nom} »` : 'Nouvel établissement'}
      initialValues={etablissement ?? (lastGroup ? { groupeId: lastGroup.id } : undefined)}
      onSubmit={(values) => {
        const body = toEtablissementBody(values);
        return etablissement ? update.mutateAsync({ id: etablissement.id, body }) : create.mutateAsync(body);
      }}
      onSaved={({ data }) => {
        const groupe = groupes.optionsWith(data.groupeId).find((option) => option.value === data.groupeId);
        if (groupe) selectEstablishmentGroup({ id: groupe.value, nom: String(groupe.label) });
        onSaved?.(data);
      }}
      onClose={onClose}
    >
      <Form.Item label="Nom" name="nom" rules={required}>
        <Input maxLength={160} />
      </Form.Item>
      <Form.Item label="Groupe" name="groupeId">
        <Select
          allowClear
          showSearch={labelSearch}
          loading={groupes.loading}
          options={groupes.optionsWith(etablissement?.groupeId)}
          placeholder="Aucun groupe"
          notFoundContent="Aucun groupe ne correspond"
        />
      </Form.Item>
      <AddressFields />
      <ContactFields />
      <Form.Item label="Nombre de chambres" name="nombreChambres">
        <InputNumber min={1} max={10_000} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="Notes" name="notes">
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </ResourceFormModal>
  );
}
