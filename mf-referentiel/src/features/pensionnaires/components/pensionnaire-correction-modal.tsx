import { Col, Row, Typography } from 'antd';
import { ResourceFormModal } from 'shared/ui';
import type { Pensionnaire, PensionnairePatchBody } from 'shared/contract';
import { optionalText } from '../../../lib/form-rules';
import { useCorrectPensionnaire } from '../api/correct-pensionnaire';
import { BirthDateField, ContactNotesFields, NameFields } from './pensionnaire-form-modal';

type CorrectionValues = Pick<
  Pensionnaire,
  'nom' | 'prenom' | 'dateNaissance' | 'telephone' | 'email' | 'notes'
>;

/** The PATCH body: every field an agent may change (PENSIONNAIRE_AGENT_FIELDS), cleared ones as null. */
export function toCorrectionBody(values: CorrectionValues): PensionnairePatchBody {
  return {
    nom: values.nom.trim(),
    prenom: values.prenom.trim(),
    dateNaissance: values.dateNaissance ?? null,
    telephone: optionalText(values.telephone),
    email: optionalText(values.email),
    notes: optionalText(values.notes),
  };
}

export interface PensionnaireCorrectionModalProps {
  open: boolean;
  pensionnaire: Pensionnaire;
  onClose: () => void;
}

/**
 * An agent's « Modifier »: the resident's name, birth date and contact details only, sent as a PATCH. The client,
 * the file number and the sex are not in the form (an administrator changes them), so the agent never meets a 403.
 */
export function PensionnaireCorrectionModal({
  open,
  pensionnaire,
  onClose,
}: PensionnaireCorrectionModalProps) {
  const correct = useCorrectPensionnaire();
  return (
    <ResourceFormModal<CorrectionValues>
      open={open}
      width={680}
      title={`Modifier les coordonnées de « ${pensionnaire.prenom} ${pensionnaire.nom} »`}
      initialValues={pensionnaire}
      onSubmit={(values) => correct.mutateAsync({ id: pensionnaire.id, body: toCorrectionBody(values) })}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        Seul un administrateur peut modifier le client, le n° de dossier et le sexe.
      </Typography.Paragraph>
      <NameFields />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <BirthDateField />
        </Col>
      </Row>
      <ContactNotesFields />
    </ResourceFormModal>
  );
}
