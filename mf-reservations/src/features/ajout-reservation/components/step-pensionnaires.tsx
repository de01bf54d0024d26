import { Alert, Button, Checkbox, Empty, Form, Input, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from 'shared';
import { MAX_PENSIONNAIRES_PAR_RESERVATION, PENSIONNAIRES_SEARCH_ERROR } from 'shared/contract/values';
import type { PensionnaireTrouve } from 'shared/contract';
import { useSearchPensionnaires } from '../../../lib/api/search-pensionnaires';
import { useDebounced } from '../../../lib/use-debounced';
import type { BookingDraft, DraftAction } from '../model/booking-draft';

interface StepProps {
  draft: BookingDraft;
  dispatch: (action: DraftAction) => void;
}

export const nomComplet = (pensionnaire: Pick<PensionnaireTrouve, 'nom' | 'prenom'>) =>
  `${pensionnaire.nom} ${pensionnaire.prenom}`;

/**
 * Step 3: the client's residents (debounced search), several at a time. Those with a night of their own inside the
 * new stay, [arrival, departure), are flagged and cannot be picked: booking them would put them in two beds on one
 * night. A stay before or after it is no conflict.
 */
export function StepPensionnaires({ draft, dispatch }: StepProps) {
  const [query, setQuery] = useState('');
  const search = useDebounced(query);
  const { client, contratClient, startDate, endDate, pensionnaires: selected } = draft;
  const results = useSearchPensionnaires(
    client && contratClient && startDate && endDate
      ? { clientId: client.id, contratId: contratClient.id, search, startDate, endDate }
      : null,
  );
  const selectedIds = new Set(selected.map((pensionnaire) => pensionnaire.id));
  const full = selected.length >= MAX_PENSIONNAIRES_PAR_RESERVATION;

  const toggle = (pensionnaire: PensionnaireTrouve, checked: boolean) =>
    dispatch({
      type: 'pensionnaires',
      pensionnaires: checked
        ? [...selected, pensionnaire]
        : selected.filter((other) => other.id !== pensionnaire.id),
    });

  return (
    <div>
      <Form layout="vertical" component="div">
        <Form.Item
          label="Rechercher un pensionnaire"
          htmlFor="ajout-resa-recherche-pensionnaire"
          extra="Nom, prénom ou numéro de dossier ; plusieurs mots se cumulent."
        >
          <Input
            id="ajout-resa-recherche-pensionnaire"
            allowClear
            value={query}
            maxLength={100}
            onChange={(event) => setQuery(event.target.value)}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph>
        Pensionnaires sélectionnés : {selected.length} / {MAX_PENSIONNAIRES_PAR_RESERVATION}
      </Typography.Paragraph>
      {selected.length > 0 && (
        <div style={{ marginBottom: 16 }} aria-label="Pensionnaires sélectionnés" role="list">
          {selected.map((pensionnaire) => (
            <Tag
              key={pensionnaire.id}
              role="listitem"
              closable={{ 'aria-label': `Retirer ${nomComplet(pensionnaire)}` }}
              onClose={() => toggle(pensionnaire, false)}
            >
              {nomComplet(pensionnaire)}
            </Tag>
          ))}
        </div>
      )}
      {full && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Au plus ${MAX_PENSIONNAIRES_PAR_RESERVATION} pensionnaires par réservation.`}
        />
      )}
      {results.isError ? (
        <Alert
          type="error"
          showIcon
          // The screen's own words for any failure of the search (spec §8), not the server's.
          title={PENSIONNAIRES_SEARCH_ERROR}
          action={<Button onClick={() => void results.refetch()}>Réessayer</Button>}
        />
      ) : (
        <>
          {results.isFetching && <Spin size="small" description="Recherche des pensionnaires…" />}
          {results.data && results.data.length === 0 && !results.isFetching && (
            <Empty description={search ? 'Aucun pensionnaire ne correspond' : 'Aucun pensionnaire'} />
          )}
          {results.data && results.data.length > 0 && (
            <ul aria-label="Résultats de la recherche" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {results.data.map((pensionnaire) => {
                const checked = selectedIds.has(pensionnaire.id);
                return (
                  <li key={pensionnaire.id} style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
                    <Checkbox
                      checked={checked}
                      disabled={pensionnaire.deja_heberge || (!checked && full)}
                      onChange={(event) => toggle(pensionnaire, event.target.checked)}
                    >
                      {nomComplet(pensionnaire)} — dossier {pensionnaire.numero_dossier}
                      {pensionnaire.date_naissance
                        ? `, né(e) le ${formatDate(pensionnaire.date_naissance)}`
                        : ''}
                    </Checkbox>
                    {pensionnaire.deja_heberge && (
                      <Tag color="warning">
                        Déjà hébergé(e) entre le {formatDate(startDate)} et le {formatDate(endDate)}
                      </Tag>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
