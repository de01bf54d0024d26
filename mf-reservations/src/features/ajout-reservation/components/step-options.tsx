import { Checkbox, Form, Input, Space } from 'antd';
import type { BookingDraft, DraftAction, DraftOptions } from '../model/booking-draft';

interface StepProps {
  draft: BookingDraft;
  dispatch: (action: DraftAction) => void;
}

const FLAGS: { key: Exclude<keyof DraftOptions, 'chambre'>; label: string }[] = [
  { key: 'petitDejeuner', label: 'Petit-déjeuner' },
  { key: 'dejeuner', label: 'Déjeuner' },
  { key: 'diner', label: 'Dîner' },
];
const STREAMS: { key: Exclude<keyof DraftOptions, 'chambre'>; label: string }[] = [
  { key: 'statusPaf', label: 'Appliquer la PAF' },
  { key: 'statusCaf', label: 'Appliquer la CAF' },
];

/** Step 6: room number, meals, PAF / CAF streams, and whether the stays are created confirmed. */
export function StepOptions({ draft, dispatch }: StepProps) {
  const set = (options: Partial<DraftOptions>) => dispatch({ type: 'options', options });
  const flags = (items: typeof FLAGS) =>
    items.map(({ key, label }) => (
      <Checkbox key={key} checked={draft[key]} onChange={(event) => set({ [key]: event.target.checked })}>
        {label}
      </Checkbox>
    ));
  return (
    <Form layout="vertical" component="div">
      <Form.Item
        label="N° de chambre"
        htmlFor="ajout-resa-chambre"
        extra="Facultatif : l’établissement peut l’indiquer plus tard."
      >
        <Input
          id="ajout-resa-chambre"
          maxLength={20}
          value={draft.chambre}
          onChange={(event) => set({ chambre: event.target.value })}
          style={{ maxWidth: 240 }}
        />
      </Form.Item>
      <Form.Item label="Repas">
        <Space wrap>{flags(FLAGS)}</Space>
      </Form.Item>
      <Form.Item label="Participations" extra="PAF et CAF par jour du contrat client.">
        <Space wrap>{flags(STREAMS)}</Space>
      </Form.Item>
      <Form.Item extra="Sinon, les séjours sont créés « En attente ».">
        <Checkbox checked={draft.confirmer} onChange={(event) => set({ confirmer: event.target.checked })}>
          Confirmer directement
        </Checkbox>
      </Form.Item>
    </Form>
  );
}
