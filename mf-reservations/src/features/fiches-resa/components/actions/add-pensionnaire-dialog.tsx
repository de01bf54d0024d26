import { Alert, Form, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, formatDate } from 'shared';
import type { PensionnaireTrouve, ReservationEditAnswer, ReservationIntegraleDetail } from 'shared/contract';
import { addPensionnaire, searchPensionnaires } from '../../api/reservation-api';
import { ActionModal } from './action-modal';

export interface AddPensionnaireDialogProps {
  open: boolean;
  integrale: ReservationIntegraleDetail;
  onClose: () => void;
  onDone: (answer: ReservationEditAnswer) => void;
}

interface Values {
  pensionnaire_id?: number;
}

const nameOf = (p: PensionnaireTrouve) => `${p.nom.toUpperCase()} ${p.prenom} — ${p.numero_dossier}`;

/** The client's residents matching what is typed (GET /contrat_client/pensionnaires/search/:client/:contrat). */
function usePensionnaireSearch(integrale: ReservationIntegraleDetail, open: boolean) {
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<PensionnaireTrouve[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      searchPensionnaires(
        integrale.client_id,
        integrale.contrat_client.id,
        search,
        integrale.date_fin || undefined,
        controller.signal,
      ).then(
        (found) => {
          setOptions(found);
          setError(null);
          setLoading(false);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setError(errorMessage(failure));
          setLoading(false);
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer.current);
      controller.abort();
    };
  }, [open, search, integrale.client_id, integrale.contrat_client.id, integrale.date_fin]);

  return { options, loading, error, setSearch };
}

/** Ajouter un pensionnaire: one more resident in the full reservation (POST /reservations/edit/:mere/:pensionnaire). */
export function AddPensionnaireDialog({ open, integrale, onClose, onDone }: AddPensionnaireDialogProps) {
  const { options, loading, error, setSearch } = usePensionnaireSearch(integrale, open);
  const present = new Set(
    integrale.reservations.filter((row) => row.statut !== 'annulee').map((row) => row.pensionnaire_id),
  );
  return (
    <ActionModal<Values>
      open={open}
      title="Ajouter un pensionnaire"
      okText="Ajouter"
      onSubmit={(values) => addPensionnaire(integrale.id, values.pensionnaire_id!)}
      onDone={(answer) => onDone(answer as ReservationEditAnswer)}
      onClose={onClose}
    >
      <Typography.Paragraph>
        Le pensionnaire est ajouté à la réservation intégrale de {integrale.client_nom} à{' '}
        {integrale.etablissement_nom}, jusqu'au {formatDate(integrale.date_fin)}.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="pensionnaire_id"
        label="Pensionnaire"
        rules={[{ required: true, message: 'Choisissez un pensionnaire.' }]}
      >
        <Select<number>
          aria-label="Rechercher un pensionnaire"
          showSearch={{ filterOption: false, onSearch: setSearch }}
          loading={loading}
          placeholder="Nom, prénom ou numéro de dossier"
          notFoundContent={loading ? 'Recherche…' : 'Aucun pensionnaire trouvé'}
          options={options.map((p) => ({
            value: p.id,
            disabled: present.has(p.id),
            label: present.has(p.id)
              ? `${nameOf(p)} (déjà dans la réservation)`
              : p.deja_heberge
                ? `${nameOf(p)} (déjà hébergé)`
                : nameOf(p),
          }))}
        />
      </Form.Item>
    </ActionModal>
  );
}
