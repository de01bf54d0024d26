import { Checkbox, Form, Typography } from 'antd';
import dayjs from 'dayjs';
import { API_DATE_FORMAT, formatDate } from 'shared';
import { DateInput, dateFormItemProps } from 'shared/ui';
import type { ProlongationAnswer } from 'shared/contract';
import { useExtendReservation } from '../../api/extend-reservation';
import { ActionModal } from './action-modal';

export interface ExtendDialogProps {
  open: boolean;
  /** The stay to extend (the last of its chain). */
  reservationId: number;
  /** Its departure day (YYYY-MM-DD): the new one must be later. */
  currentEnd: string;
  /** 'one': this stay, with the option of every resident; 'all': every resident of the full reservation. */
  scope: 'one' | 'all';
  /** Whose stay and where, when the dialog opens from a list rather than from the stay's card. */
  context?: string;
  onClose: () => void;
  /** After the extension, the screens already refreshed (e.g. to open the new stay). */
  onDone?: (answer: ProlongationAnswer) => void;
}

interface Values {
  end_date?: string | null;
  applyToAllPr?: boolean;
}

/**
 * Prolonger: a new stay from the current departure to the new one (PUT /reservations/prolongation/:id). The one
 * extend dialog: from the stay card, the full reservation's « Prolonger tout » and the « Résa. à prolonger » list.
 */
export function ExtendDialog({
  open,
  reservationId,
  currentEnd,
  scope,
  context,
  onClose,
  onDone,
}: ExtendDialogProps) {
  const extend = useExtendReservation();
  return (
    <ActionModal<Values, ProlongationAnswer>
      open={open}
      title={
        scope === 'all' ? 'Prolonger tous les pensionnaires' : `Prolonger la réservation n° ${reservationId}`
      }
      okText="Prolonger"
      initialValues={{ applyToAllPr: scope === 'all' }}
      onSubmit={(values) =>
        extend.mutateAsync({
          id: reservationId,
          body: { end_date: values.end_date!, applyToAllPr: scope === 'all' || values.applyToAllPr === true },
        })
      }
      onDone={onDone}
      onClose={onClose}
    >
      {context && <Typography.Paragraph>{context}</Typography.Paragraph>}
      <Typography.Paragraph>Départ actuel : {formatDate(currentEnd)}.</Typography.Paragraph>
      <Form.Item
        name="end_date"
        label="Nouvelle date de départ"
        {...dateFormItemProps([
          { required: true, message: 'Indiquez la nouvelle date de départ.' },
          {
            validator: (_, value: string | null | undefined) =>
              !value || value > currentEnd
                ? Promise.resolve()
                : Promise.reject(new Error(`La date doit être postérieure au ${formatDate(currentEnd)}.`)),
          },
        ])}
      >
        <DateInput
          aria-label="Nouvelle date de départ"
          disabledDate={(day) => !day.isAfter(dayjs(currentEnd, API_DATE_FORMAT), 'day')}
        />
      </Form.Item>
      {scope === 'one' && (
        <Form.Item name="applyToAllPr" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>Appliquer à tous les pensionnaires</Checkbox>
        </Form.Item>
      )}
    </ActionModal>
  );
}
