import { Space, Tag } from 'antd';
import { FACTURE_STATUT_LABELS, type FactureStatut } from 'shared/contract';

const COLORS: Record<FactureStatut, string> = {
  brouillon: 'default',
  emise: 'blue',
  envoyee: 'geekblue',
  partiellement_payee: 'gold',
  payee: 'green',
};

/** The state of an invoice as a tag, and « En retard » in red beside it when its due date has passed unpaid. */
export function FactureStatutTag({ statut, enRetard }: { statut: FactureStatut; enRetard: boolean }) {
  return (
    <Space size={4} wrap>
      <Tag color={COLORS[statut]}>{FACTURE_STATUT_LABELS[statut]}</Tag>
      {enRetard && <Tag color="red">En retard</Tag>}
    </Space>
  );
}
