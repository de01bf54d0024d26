import { Col, Form, Input, Radio, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { API_DATE_FORMAT } from 'shared';
import { dateFormItemProps, DateInput, labelSearch, ResourceFormModal } from 'shared/ui';
import { parisToday, SEXES, type Sexe, type PensionnaireBody, type Pensionnaire } from 'shared/contract';
import { ContactFields } from '../../../lib/address-contact-fields';
import { optionalText, required } from '../../../lib/form-rules';
import { SEXE_LABELS } from '../../../lib/labels';
import type { ReferenceLookup, ReferenceOption } from '../../../lib/use-reference-lookup';
import { useCreatePensionnaire } from '../api/create-pensionnaire';
import { useUpdatePensionnaire } from '../api/update-pensionnaire';

export interface PensionnaireFormValues {
  clientId: number;
  nom: string;
  prenom: string;
  numeroDossier: string;
  sexe: Sexe;
  dateNaissance?: string | null;
  telephone?: string | null;
  email?: string | null;
  notes?: string | null;
}

const SEXE_OPTIONS = SEXES.map((sexe) => ({ value: sexe, label: SEXE_LABELS[sexe] }));
const inTheFuture = (date: Dayjs) => date.format(API_DATE_FORMAT) > parisToday();

/**
 * The write body: the fields this form manages, cleared optional ones as null. `foyerId` (the household) is left
 * out, so an edit here never detaches a resident from it.
 */
export function toPensionnaireBody(values: PensionnaireFormValues): PensionnaireBody {
  return {
    clientId: values.clientId,
    nom: values.nom.trim(),
    prenom: values.prenom.trim(),
    numeroDossier: values.numeroDossier.trim(),
    sexe: values.sexe,
    dateNaissance: values.dateNaissance ?? null,
    telephone: optionalText(values.telephone),
    email: optionalText(values.email),
    notes: optionalText(values.notes),
  };
}

export interface PensionnaireFormModalProps {
  open: boolean;
  /** The resident to edit; null creates one. */
  pensionnaire: Pensionnaire | null;
  /**
   * Where the client comes from: the page's clients (a searchable choice), or one fixed client (the client's
   * card), shown but not editable.
   */
  clients: ReferenceLookup | { fixed: ReferenceOption };
  onClose: () => void;
  /** After the save, once the resident lists and card are refreshed. */
  onSaved?: (pensionnaire: Pensionnaire) => void;
}

export function PensionnaireFormModal({
  open,
  pensionnaire,
  clients,
  onClose,
  onSaved,
}: PensionnaireFormModalProps) {
  const create = useCreatePensionnaire();
  const update = useUpdatePensionnaire();
  const fixed = 'fixed' in clients ? clients.fixed : null;
  const initialValues: Partial<PensionnaireFormValues> | undefined =
    pensionnaire ?? (fixed ? { clientId: fixed.value } : undefined);
  return (
    <ResourceFormModal<PensionnaireFormValues, { data: Pensionnaire }>
      open={open}
      width={680}
      title={
        pensionnaire ? `Modifier « ${pensionnaire.prenom} ${pensionnaire.nom} »` : 'Nouveau pensionnaire'
      }
      initialValues={initialValues}
      onSubmit={(values) => {
        const body = toPensionnaireBody(values);
        return pensionnaire ? update.mutateAsync({ id: pensionnaire.id, body }) : create.mutateAsync(body);
      }}
      onSaved={(written) => onSaved?.(written.data)}
      onClose={onClose}
    >
      <Form.Item label="Client" name="clientId" rules={[{ required: true }]}>
        {'fixed' in clients ? (
          <Select disabled options={[clients.fixed]} />
        ) : (
          <Select
            showSearch={labelSearch}
            loading={clients.loading}
            options={clients.optionsWith(pensionnaire?.clientId)}
            placeholder="Choisir un client"
            notFoundContent="Aucun client ne correspond"
          />
        )}
      </Form.Item>
      <NameFields />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="N° de dossier"
            name="numeroDossier"
            rules={required}
            extra="Numéro donné par le client ; unique chez ce client."
          >
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <BirthDateField />
        </Col>
      </Row>
      <Form.Item label="Sexe" name="sexe" rules={[{ required: true }]}>
        <Radio.Group options={SEXE_OPTIONS} />
      </Form.Item>
      <ContactNotesFields />
    </ResourceFormModal>
  );
}

// The fields an agent may correct too (PENSIONNAIRE_AGENT_FIELDS): shared with PensionnaireCorrectionModal.

export function NameFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item label="Nom" name="nom" rules={required}>
          <Input maxLength={120} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="Prénom" name="prenom" rules={required}>
          <Input maxLength={120} />
        </Form.Item>
      </Col>
    </Row>
  );
}

export function BirthDateField() {
  return (
    <Form.Item label="Date de naissance" name="dateNaissance" {...dateFormItemProps()}>
      <DateInput disabledDate={inTheFuture} />
    </Form.Item>
  );
}

/** Phone, e-mail and notes. */
export function ContactNotesFields() {
  return (
    <>
      <ContactFields />
      <Form.Item label="Notes" name="notes">
        <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </>
  );
}
