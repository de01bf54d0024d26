import { Col, Form, Input, Row, Select } from 'antd';
import { labelSearch, ResourceFormModal } from 'shared/ui';
import { CLIENT_TYPES, type ClientType, type ClientBody, type Client } from 'shared/contract';
import { AddressFields, ContactFields } from '../../../lib/address-contact-fields';
import { optionalText, required } from '../../../lib/form-rules';
import { CLIENT_TYPE_LABELS } from '../../../lib/labels';
import type { ReferenceLookup } from '../../../lib/use-reference-lookup';
import { useCreateClient } from '../api/create-client';
import { useUpdateClient } from '../api/update-client';

export interface ClientFormValues {
  nom: string;
  type: ClientType;
  groupeId?: number | null;
  siret?: string | null;
  adresse: string;
  codePostal: string;
  ville: string;
  contactNom?: string | null;
  email?: string | null;
  telephone?: string | null;
}

const TYPE_OPTIONS = CLIENT_TYPES.map((type) => ({ value: type, label: CLIENT_TYPE_LABELS[type] }));

/** The write body: every field of the contract, cleared optional ones as null (so an edit can empty them). */
export function toClientBody(values: ClientFormValues): ClientBody {
  return {
    nom: values.nom.trim(),
    type: values.type,
    groupeId: values.groupeId ?? null,
    siret: optionalText(values.siret),
    adresse: values.adresse.trim(),
    codePostal: values.codePostal.trim(),
    ville: values.ville.trim(),
    contactNom: optionalText(values.contactNom),
    email: optionalText(values.email),
    telephone: optionalText(values.telephone),
  };
}

export interface ClientFormModalProps {
  open: boolean;
  /** The client to edit; null creates one. */
  client: Client | null;
  /** The page's client groups (choices of « Groupe »). */
  groupes: ReferenceLookup;
  onClose: () => void;
  /** After the save, once the client's lists, card and lookup are refreshed. */
  onSaved?: (client: Client) => void;
}

export function ClientFormModal({ open, client, groupes, onClose, onSaved }: ClientFormModalProps) {
  const create = useCreateClient();
  const update = useUpdateClient();
  return (
    <ResourceFormModal<ClientFormValues, { data: Client }>
      open={open}
      width={680}
      title={client ? `Modifier « ${client.nom} »` : 'Nouveau client'}
      initialValues={client ?? undefined}
      onSubmit={(values) => {
        const body = toClientBody(values);
        return client ? update.mutateAsync({ id: client.id, body }) : create.mutateAsync(body);
      }}
      onSaved={(written) => onSaved?.(written.data)}
      onClose={onClose}
    >
      <Form.Item label="Nom" name="nom" rules={required}>
        <Input maxLength={200} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Type" name="type" rules={[{ required: true }]}>
            <Select options={TYPE_OPTIONS} placeholder="Choisir un type" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Groupe" name="groupeId">
            <Select
              allowClear
              showSearch={labelSearch}
              loading={groupes.loading}
              options={groupes.optionsWith(client?.groupeId)}
              placeholder="Aucun groupe"
              notFoundContent="Aucun groupe ne correspond"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="SIRET"
        name="siret"
        extra="Facultatif : 14 chiffres, les espaces sont retirés."
        normalize={(value: string | undefined) => value?.replace(/\s+/g, '')}
        rules={[{ pattern: /^\d{14}$/, message: 'Le SIRET compte 14 chiffres.' }]}
      >
        <Input maxLength={20} inputMode="numeric" />
      </Form.Item>
      <AddressFields />
      <Form.Item label="Contact" name="contactNom">
        <Input maxLength={160} placeholder="Personne ou service à joindre" />
      </Form.Item>
      <ContactFields />
    </ResourceFormModal>
  );
}
