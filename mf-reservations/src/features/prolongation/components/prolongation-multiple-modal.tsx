import { Alert, Checkbox, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { API_DATE_FORMAT, formatDate } from 'shared';
import { parisToday } from 'shared/contract/values';
import type { ReservationItem } from 'shared/contract';
import { DayInput } from '../../../lib/day-input';
import { extensionFailure, useExtendReservations } from '../api/extend-reservations';
import { ProlongationResults, type ProlongationResult } from './prolongation-results';

export interface ProlongationMultipleModalProps {
  /** The selected stays. */
  rows: readonly ReservationItem[];
  onClose: () => void;
  /** Some stays were extended (the lists already refreshed): the selection is to be cleared. */
  onExtended: () => void;
}

/** « Prolonger la sélection »: one new departure for every selected stay, all or nothing unless « partiel ». */
export function ProlongationMultipleModal({
  rows: selection,
  onClose,
  onExtended,
}: ProlongationMultipleModalProps) {
  // The selection as it was at opening: it is cleared once stays are extended, the report still names them.
  const [rows] = useState(selection);
  const [endDate, setEndDate] = useState<string | undefined>();
  const [partiel, setPartiel] = useState(false);
  const extend = useExtendReservations({
    onSuccess: (answer) => {
      if (answer.resultats.some((r) => r.ok)) onExtended();
    },
  });
  const answer = extend.data;
  const failure: { message: string; resultats?: ProlongationResult[] } | null = extend.error
    ? extensionFailure(extend.error)
    : null;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const latest =
    rows
      .map((row) => row.date_fin)
      .sort()
      .at(-1) ?? parisToday();
  const tooEarly = endDate !== undefined && endDate <= latest;

  const submit = () => {
    if (!endDate || tooEarly) return;
    extend.mutate({
      reservation_ids: rows.map((row) => row.id),
      end_date: endDate,
      ...(partiel ? { partiel: true } : {}),
    });
  };

  if (answer) {
    return (
      // Its own instance (key): the form's OK button, still « loading » a moment, must not carry over.
      <Modal
        key="resultat"
        open
        title="Résultat de la prolongation"
        onCancel={onClose}
        onOk={onClose}
        okText="Fermer"
        cancelButtonProps={{ style: { display: 'none' } }}
        width={720}
      >
        <Alert type="success" showIcon title={answer.message} style={{ marginBottom: 12 }} />
        <ProlongationResults resultats={answer.resultats} rows={byId} />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={`Prolonger ${rows.length} réservation${rows.length > 1 ? 's' : ''}`}
      okText="Confirmer la prolongation"
      cancelText="Annuler"
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ disabled: !endDate || tooEarly, loading: extend.isPending }}
      width={720}
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          Départ actuel le plus tardif de la sélection : <strong>{formatDate(latest)}</strong>. La nouvelle
          date de départ doit être postérieure.
        </Typography.Text>
        <Flex gap={8} align="center">
          <span>Nouvelle date de départ</span>
          <DayInput
            aria-label="Nouvelle date de départ"
            value={endDate}
            onChange={setEndDate}
            disabledDate={(day) => day.format(API_DATE_FORMAT) <= latest}
          />
        </Flex>
        {tooEarly && (
          <Alert type="warning" showIcon title={`Choisissez une date après le ${formatDate(latest)}.`} />
        )}
        <Checkbox checked={partiel} onChange={(event) => setPartiel(event.target.checked)}>
          Prolonger ce qui peut l'être et signaler le reste
        </Checkbox>
        {failure && (
          <>
            <Alert type="error" showIcon role="alert" title={failure.message} />
            {failure.resultats && failure.resultats.length > 0 && (
              <ProlongationResults resultats={failure.resultats} rows={byId} />
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
