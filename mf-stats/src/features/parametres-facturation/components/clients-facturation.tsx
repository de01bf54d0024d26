import { Button, Card, Descriptions, Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from 'shared';
import {
  FACTURATION_MESSAGES,
  REFERENTIEL_PATHS,
  type Client,
  type ClientFacturation,
  type ClientFacturationWritten,
} from 'shared/contract';
import { ResourceFormModal, ResourceTable, type ResourceColumn } from 'shared/ui';
import { clientFacturationQueryOptions, useSaveClientFacturation } from '../api/parametres-api';
import { clientBody, type ClientFormValues } from '../model/settings-form';

const ADDRESS = ['adresseLigne1', 'codePostal', 'ville'] as const;

/** The three address fields together or none: checked on each of them once one is typed. */
const addressRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: (_rule: unknown, value: string | undefined) => {
    const filled = ADDRESS.filter((name) => String(getFieldValue(name) ?? '').trim() !== '').length;
    return filled === 0 || filled === 3 || String(value ?? '').trim() !== ''
      ? Promise.resolve()
      : Promise.reject(new Error(FACTURATION_MESSAGES.billingAddressIncomplete));
  },
});

/** An address field's item: named, checked again when another of the three changes. */
const addressItem = (name: (typeof ADDRESS)[number]) => ({
  name,
  dependencies: ADDRESS.filter((other) => other !== name),
  rules: [addressRule],
});

const formOf = (billing: ClientFacturation): ClientFormValues => ({
  emailFacturation: billing.emailFacturation ?? '',
  numeroTva: billing.numeroTva ?? '',
  adresseLigne1: billing.adresseLigne1 ?? '',
  adresseLigne2: billing.adresseLigne2 ?? '',
  codePostal: billing.codePostal ?? '',
  ville: billing.ville ?? '',
});

function ClientFacturationEdit({
  billing,
  onClose,
}: {
  billing: ClientFacturation | null;
  onClose: () => void;
}) {
  const save = useSaveClientFacturation();
  return (
    <ResourceFormModal<ClientFormValues, ClientFacturationWritten>
      open={billing !== null}
      title={`Facturation de ${billing?.clientNom ?? ''}`}
      initialValues={billing ? formOf(billing) : undefined}
      onSubmit={(values) => save.mutateAsync({ clientId: billing!.clientId, ...clientBody(values) })}
      onClose={onClose}
    >
      <Form.Item
        name="emailFacturation"
        label="E-mail de facturation"
        rules={[{ type: 'email', message: 'Adresse e-mail invalide.' }]}
        extra={billing?.emailEffectif ? `Adresse utilisée aujourd’hui : ${billing.emailEffectif}` : undefined}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="numeroTva" label="Numéro de TVA intracommunautaire">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        {...addressItem('adresseLigne1')}
        label="Adresse de facturation"
        extra="Remplace l’adresse du client sur ses factures : adresse, code postal et ville ensemble, ou aucun."
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="adresseLigne2" label="Complément d’adresse">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        {...addressItem('codePostal')}
        label="Code postal"
        rules={[addressRule, { pattern: /^\d{5}$/, message: 'Le code postal compte 5 chiffres.' }]}
      >
        <Input autoComplete="off" maxLength={5} />
      </Form.Item>
      <Form.Item {...addressItem('ville')} label="Ville">
        <Input autoComplete="off" />
      </Form.Item>
    </ResourceFormModal>
  );
}

function ClientFacturationView({
  billing,
  onClose,
}: {
  billing: ClientFacturation | null;
  onClose: () => void;
}) {
  const address = billing?.adresseLigne1
    ? [billing.adresseLigne1, billing.adresseLigne2, `${billing.codePostal ?? ''} ${billing.ville ?? ''}`]
        .filter(Boolean)
        .join(', ')
    : 'Celle du client';
  return (
    <Modal
      open={billing !== null}
      title={`Facturation de ${billing?.clientNom ?? ''}`}
      onCancel={onClose}
      footer={null}
    >
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'email', label: 'E-mail de facturation', children: billing?.emailFacturation ?? '—' },
          { key: 'effectif', label: 'Adresse utilisée', children: billing?.emailEffectif ?? 'Aucune' },
          { key: 'tva', label: 'Numéro de TVA', children: billing?.numeroTva ?? '—' },
          { key: 'adresse', label: 'Adresse de facturation', children: address },
        ]}
      />
    </Modal>
  );
}

/**
 * The clients' billing details (e-mail, VAT number, billing address) beside the settings: a row's button loads
 * them; administrators edit them in a dialog, others read them.
 */
export function ClientsFacturation({ editable }: { editable: boolean }) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState<number | null>(null);
  const [billing, setBilling] = useState<ClientFacturation | null>(null);
  const [error, setError] = useState<string | null>(null);

  const openClient = async (client: Client) => {
    setLoading(client.id);
    setError(null);
    try {
      setBilling(await queryClient.fetchQuery(clientFacturationQueryOptions(client.id)));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setLoading(null);
    }
  };

  const columns: ResourceColumn<Client>[] = [
    { key: 'nom', title: 'Client', sortable: true, searchable: true },
    { key: 'ville', title: 'Ville' },
    { key: 'email', title: 'E-mail du client', render: (row) => row.email ?? '—' },
    {
      key: 'facturation',
      title: 'Facturation',
      render: (row) => (
        <Button
          size="small"
          loading={loading === row.id}
          aria-label={`${editable ? 'Modifier' : 'Voir'} la facturation de ${row.nom}`}
          onClick={() => void openClient(row)}
        >
          {editable ? 'Modifier' : 'Voir'}
        </Button>
      ),
    },
  ];

  return (
    <Card size="small" title="Coordonnées de facturation des clients">
      {error && <p role="alert">{error}</p>}
      <ResourceTable<Client>
        path={REFERENTIEL_PATHS.clients}
        columns={columns}
        emptyDescription="Aucun client"
      />
      {editable ? (
        <ClientFacturationEdit billing={billing} onClose={() => setBilling(null)} />
      ) : (
        <ClientFacturationView billing={billing} onClose={() => setBilling(null)} />
      )}
    </Card>
  );
}
