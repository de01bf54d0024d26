import { Alert, Col, Form, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { API_DATE_FORMAT, errorMessage } from 'shared';
import { DateInput } from 'shared/ui';
import { nuits } from '../../../lib/reservation-labels';
import { useDebounced } from '../../../lib/use-debounced';
import { useSearchClients } from '../api/search-clients';
import { nombreNuits, type BookingDraft, type DraftAction } from '../model/booking-draft';

interface StepProps {
  draft: BookingDraft;
  dispatch: (action: DraftAction) => void;
}

const toDay = (value: Dayjs | Dayjs[] | null) =>
  value && !Array.isArray(value) ? value.format(API_DATE_FORMAT) : null;
const fromDay = (value: string | null) => (value ? dayjs(value, API_DATE_FORMAT) : null);

/** Step 1: the client (searched by name) and the stay's arrival and departure days. */
export function StepClientDates({ draft, dispatch }: StepProps) {
  const [query, setQuery] = useState('');
  const search = useDebounced(query);
  const clients = useSearchClients(search);
  const options = useMemo(() => {
    const rows = (clients.data ?? []).map((client) => ({ value: client.id, label: client.nom }));
    if (draft.client && !rows.some((row) => row.value === draft.client!.id))
      rows.unshift({ value: draft.client.id, label: draft.client.nom });
    return rows;
  }, [clients.data, draft.client]);
  const nights = nombreNuits(draft.startDate, draft.endDate);
  const reversed = Boolean(draft.startDate && draft.endDate && nights === null);

  return (
    <Form layout="vertical" component="div">
      <Form.Item label="Client" htmlFor="ajout-resa-client" required>
        <Select
          id="ajout-resa-client"
          showSearch={{ filterOption: false, onSearch: setQuery }}
          value={draft.client?.id}
          options={options}
          loading={clients.isFetching}
          placeholder="Rechercher un client par son nom"
          notFoundContent={
            clients.isFetching
              ? 'Chargement…'
              : clients.isError
                ? errorMessage(clients.error)
                : 'Aucun client ne correspond'
          }
          onChange={(id: number, option) => {
            // The clicked option itself: the list may have been replaced by a later search meanwhile.
            const chosen = Array.isArray(option) ? option[0] : option;
            dispatch({ type: 'client', client: chosen ? { id, nom: String(chosen.label) } : null });
          }}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Date d’arrivée" htmlFor="ajout-resa-arrivee" required>
            <DateInput
              id="ajout-resa-arrivee"
              value={fromDay(draft.startDate)}
              onChange={(value) =>
                dispatch({ type: 'dates', startDate: toDay(value), endDate: draft.endDate })
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Date de départ" htmlFor="ajout-resa-depart" required>
            <DateInput
              id="ajout-resa-depart"
              value={fromDay(draft.endDate)}
              onChange={(value) =>
                dispatch({ type: 'dates', startDate: draft.startDate, endDate: toDay(value) })
              }
            />
          </Form.Item>
        </Col>
      </Row>
      {nights !== null && (
        <Typography.Paragraph data-testid="ajout-resa-nuits">
          Durée du séjour : <strong>{nuits(nights)}</strong>
        </Typography.Paragraph>
      )}
      {reversed && (
        <Alert type="warning" showIcon title="La date de départ doit être postérieure à la date d’arrivée." />
      )}
    </Form>
  );
}
