import { Form, Input, Typography } from 'antd';
import {
  RELEVES_MESSAGES,
  TYPE_ECART_LABELS,
  type Ecart,
  type FactureEtablissementDetail,
  type FactureEtablissementWritten,
} from 'shared/contract';
import { ResourceFormModal } from 'shared/ui';
import { formatMoney } from 'shared';
import { useAccepterEcarts } from '../api/releves-api';

/**
 * Accepting differences (administrators): one, or every open one, always with a reason; the API records who and
 * when. A stale version (someone else wrote meanwhile) answers 409, shown in the dialog.
 */
export function AcceptationDialog({
  facture,
  ecarts,
  all = false,
  onClose,
}: {
  facture: FactureEtablissementDetail;
  /** The differences to accept; null: closed. */
  ecarts: Ecart[] | null;
  /** « Every open one » (no ids sent: the API takes those still open when it writes). */
  all?: boolean;
  onClose: () => void;
}) {
  const accept = useAccepterEcarts();
  const single = !all && ecarts?.length === 1 ? ecarts[0] : undefined;
  return (
    <ResourceFormModal<{ motif: string }, FactureEtablissementWritten>
      open={ecarts !== null}
      title={all ? 'Accepter tous les écarts ouverts' : 'Accepter l’écart'}
      okText="Accepter"
      onSubmit={({ motif }) =>
        accept.mutateAsync({
          id: facture.id,
          version: facture.version,
          ...(all ? {} : { ecartIds: (ecarts ?? []).map((ecart) => ecart.id) }),
          motif: motif.trim(),
        })
      }
      onClose={onClose}
    >
      <Typography.Paragraph>
        {single
          ? `${TYPE_ECART_LABELS[single.type]}${single.pensionnaire ? ` — ${single.pensionnaire}` : ''} : ${formatMoney(single.difference)}.`
          : `${ecarts?.length ?? 0} écarts ouverts.`}{' '}
        L’établissement sera payé de ce qu’il facture.
      </Typography.Paragraph>
      <Form.Item
        name="motif"
        label="Motif"
        rules={[
          { required: true, whitespace: true, message: RELEVES_MESSAGES.motif },
          { max: 500, message: 'Le motif compte 500 caractères au plus.' },
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </ResourceFormModal>
  );
}
