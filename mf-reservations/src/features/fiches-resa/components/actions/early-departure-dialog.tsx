import { Form, Typography } from 'antd';
import { API_DATE_FORMAT, formatDate } from 'shared';
import { DateInput, dateFormItemProps } from 'shared/ui';
import { addDays, parisToday } from 'shared/contract/values';
import type { ReservationDetail } from 'shared/contract';
import { useDepartReservation } from '../../api/depart-reservation';
import { ActionModal } from './action-modal';

export interface EarlyDepartureDialogProps {
  open: boolean;
  reservation: ReservationDetail;
  onClose: () => void;
}

interface Values {
  date_fin?: string | null;
}

/** Départ anticipé: the stay ends on a day from today on, before its departure (PUT /reservations/:id/:date_fin). */
export function EarlyDepartureDialog({ open, reservation, onClose }: EarlyDepartureDialogProps) {
  const depart = useDepartReservation();
  const { date_debut: debut, date_fin: fin } = reservation;
  const earliest = [parisToday(), addDays(debut, 1)].sort()[1]!;
  return (
    <ActionModal<Values>
      open={open}
      title="Départ anticipé"
      okText="Enregistrer le départ"
      onSubmit={(values) => depart.mutateAsync({ id: reservation.id, dateFin: values.date_fin! })}
      onClose={onClose}
    >
      <Typography.Paragraph>
        Départ prévu le {formatDate(fin)}. Les nuitées à partir de la nouvelle date seront annulées.
      </Typography.Paragraph>
      <Form.Item
        name="date_fin"
        label="Date de départ"
        {...dateFormItemProps([
          { required: true, message: 'Indiquez la date de départ.' },
          {
            validator: (_, value: string | null | undefined) => {
              if (!value) return Promise.resolve();
              if (value < earliest)
                return Promise.reject(new Error(`La date doit être au plus tôt le ${formatDate(earliest)}.`));
              if (value >= fin)
                return Promise.reject(new Error(`La date doit être antérieure au ${formatDate(fin)}.`));
              return Promise.resolve();
            },
          },
        ])}
      >
        <DateInput
          aria-label="Date de départ"
          disabledDate={(day) => {
            const value = day.format(API_DATE_FORMAT);
            return value < earliest || value >= fin;
          }}
        />
      </Form.Item>
    </ActionModal>
  );
}
