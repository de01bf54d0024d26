import { Alert, Checkbox, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from 'shared';
import type { ReservationItem } from 'shared/contract';
import { API_DAY, DayInput } from '../../../lib/day-input';
import { prolongationFailure, prolongerReservation } from '../api/prolongation-api';

export interface ProlongationUniqueModalProps {
  row: ReservationItem;
  onClose: () => void;
  onDone: () => void;
}

/** « Prolonger » one stay (optionally every resident of its full reservation), after confirmation. */
export function ProlongationUniqueModal({ row, onClose, onDone }: ProlongationUniqueModalProps) {
  const [endDate, setEndDate] = useState<string | undefined>();
  const [applyToAll, setApplyToAll] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    if (!endDate) return;
    setSending(true);
    setFailure(null);
    try {
      await prolongerReservation(row.id, {
        end_date: endDate,
        ...(applyToAll ? { applyToAllPr: true } : {}),
      });
      onDone();
      onClose();
    } catch (error) {
      setFailure(prolongationFailure(error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={`Prolonger la réservation n° ${row.id}`}
      okText="Confirmer la prolongation"
      cancelText="Annuler"
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: !endDate, loading: sending }}
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          {row.pensionnaire_nom.toLocaleUpperCase('fr')} {row.pensionnaire_prenom} — {row.etablissement_nom},
          départ actuel le <strong>{formatDate(row.date_fin)}</strong>.
        </Typography.Text>
        <Flex gap={8} align="center">
          <span>Nouvelle date de départ</span>
          <DayInput
            aria-label="Nouvelle date de départ"
            value={endDate}
            onChange={setEndDate}
            disabledDate={(day) => day.format(API_DAY) <= row.date_fin}
          />
        </Flex>
        <Checkbox checked={applyToAll} onChange={(event) => setApplyToAll(event.target.checked)}>
          Appliquer à tous les pensionnaires de la réservation intégrale
        </Checkbox>
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Flex>
    </Modal>
  );
}
