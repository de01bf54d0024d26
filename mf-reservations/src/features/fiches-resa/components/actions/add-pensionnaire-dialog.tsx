import { Alert, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, formatDate } from 'shared';
import { parisToday } from 'shared/contract/values';
import type { PensionnaireTrouve, ReservationEditAnswer, ReservationIntegraleDetail } from 'shared/contract';
import { useSearchPensionnaires } from '../../../../lib/api/search-pensionnaires';
import { useDebounced } from '../../../../lib/use-debounced';
import { useAddPensionnaire } from '../../api/add-pensionnaire';
import { ActionModal } from './action-modal';

export interface AddPensionnaireDialogProps {
  open: boolean;
  integrale: ReservationIntegraleDetail;
  onClose: () => void;
}

interface Values {
  pensionnaire_id?: number;
}

const nameOf = (p: PensionnaireTrouve) => `${p.nom.toUpperCase()} ${p.prenom} — ${p.numero_dossier}`;

/** Ajouter un pensionnaire: one more resident in the full reservation (POST /reservations/edit/:mere/:pensionnaire). */
export function AddPensionnaireDialog({ open, integrale, onClose }: AddPensionnaireDialogProps) {
  const [search, setSearch] = useState('');
  const typed = useDebounced(search, 250);
  // The stay the API will book: from the full reservation's arrival (today when it has begun) to its departure.
  // « Déjà hébergé » is judged over those nights; from today, a stay ending before a future arrival would count.
  const today = parisToday();
  const start = integrale.date_debut > today ? integrale.date_debut : today;
  const end = integrale.date_fin > start ? integrale.date_fin : undefined;
  // The client's residents matching what is typed, searched only while the dialog is open.
  const found = useSearchPensionnaires(
    open
      ? {
          clientId: integrale.client_id,
          contratId: integrale.contrat_client.id,
          search: typed,
          ...(end === undefined ? {} : { startDate: start, endDate: end }),
        }
      : null,
  );
  const options = found.data ?? [];
  const loading = found.isFetching;
  const add = useAddPensionnaire();
  const present = new Set(
    integrale.reservations.filter((row) => row.statut !== 'annulee').map((row) => row.pensionnaire_id),
  );
  return (
    <ActionModal<Values, ReservationEditAnswer>
      open={open}
      title="Ajouter un pensionnaire"
      okText="Ajouter"
      onSubmit={(values) =>
        add.mutateAsync({ idReservationMere: integrale.id, pensionnaireId: values.pensionnaire_id! })
      }
      onClose={onClose}
    >
      <Typography.Paragraph>
        Le pensionnaire est ajouté à la réservation intégrale de {integrale.client_nom} à{' '}
        {integrale.etablissement_nom}, du {formatDate(start)} au {formatDate(integrale.date_fin)}.
      </Typography.Paragraph>
      {found.isError && (
        <Alert type="error" showIcon title={errorMessage(found.error)} style={{ marginBottom: 16 }} />
      )}
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
