import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Skeleton, Result } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage, useAuth } from 'shared';
import { PageFrame } from 'shared/ui';
import { canEditInvoicingSettings } from '../model/permissions';
import { useParametres, useSaveParametres } from '../api/parametres-api';
import { parametresBody, parametresForm, type ParametresFormValues } from '../model/settings-form';
import { ClientsFacturation } from './clients-facturation';

const pattern = (regex: RegExp, message: string) => ({
  validator: (_rule: unknown, value: string | undefined) => {
    const compact = (value ?? '').replace(/\s/g, '').toUpperCase();
    return compact === '' || regex.test(compact) ? Promise.resolve() : Promise.reject(new Error(message));
  },
});

const FIELDS: {
  title: string;
  items: {
    name: keyof ParametresFormValues;
    label: string;
    span?: number;
    rules?: object[];
    placeholder?: string;
  }[];
}[] = [
  {
    title: 'Identité du vendeur',
    items: [
      { name: 'raisonSociale', label: 'Raison sociale', span: 12 },
      {
        name: 'formeJuridique',
        label: 'Forme juridique et capital',
        span: 12,
        placeholder: 'SAS au capital de 10 000 €',
      },
      { name: 'siren', label: 'SIREN', span: 8, rules: [pattern(/^\d{9}$/, 'Le SIREN compte 9 chiffres.')] },
      {
        name: 'siret',
        label: 'SIRET',
        span: 8,
        rules: [pattern(/^\d{14}$/, 'Le SIRET compte 14 chiffres.')],
      },
      {
        name: 'numeroTva',
        label: 'Numéro de TVA intracommunautaire',
        span: 8,
        rules: [pattern(/^[A-Z]{2}[0-9A-Z]{2,13}$/, 'Numéro de TVA invalide (par exemple FR12552100554).')],
      },
    ],
  },
  {
    title: 'Adresse',
    items: [
      { name: 'adresseLigne1', label: 'Adresse', span: 12 },
      { name: 'adresseLigne2', label: 'Complément d’adresse', span: 12 },
      {
        name: 'codePostal',
        label: 'Code postal',
        span: 6,
        rules: [pattern(/^\d{5}$/, 'Le code postal compte 5 chiffres.')],
      },
      { name: 'ville', label: 'Ville', span: 12 },
      {
        name: 'pays',
        label: 'Pays (code ISO)',
        span: 6,
        rules: [pattern(/^[A-Z]{2}$/, 'Deux lettres : FR, BE…')],
      },
      {
        name: 'email',
        label: 'E-mail',
        span: 12,
        rules: [{ type: 'email', message: 'Adresse e-mail invalide.' }],
      },
      { name: 'telephone', label: 'Téléphone', span: 12 },
    ],
  },
  {
    title: 'Paiement',
    items: [
      {
        name: 'iban',
        label: 'IBAN',
        span: 12,
        rules: [pattern(/^[A-Z]{2}\d{2}[0-9A-Z]{10,30}$/, 'IBAN invalide.')],
      },
      {
        name: 'bic',
        label: 'BIC',
        span: 12,
        rules: [pattern(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'Le BIC compte 8 ou 11 caractères.')],
      },
      {
        name: 'tauxPenalites',
        label: 'Taux annuel des pénalités de retard (%)',
        span: 8,
        rules: [pattern(/^\d{1,2}([.,]\d{1,2})?$/, 'Un taux comme 10 ou 10,15.')],
      },
      {
        name: 'indemniteRecouvrement',
        label: 'Indemnité forfaitaire de recouvrement (€)',
        span: 8,
        rules: [
          { required: true, message: 'Le champ Indemnité forfaitaire de recouvrement est obligatoire' },
          pattern(/^\d{1,10}([.,]\d{1,2})?$/, 'Un montant comme 40 ou 40,00.'),
        ],
      },
      { name: 'mentionExoneration', label: 'Mention d’exonération de TVA', span: 24 },
    ],
  },
];

function ParametresForm({ editable }: { editable: boolean }) {
  const parametres = useParametres();
  const save = useSaveParametres();
  const [form] = Form.useForm<ParametresFormValues>();
  const [error, setError] = useState<string | null>(null);
  const data = parametres.data;
  useEffect(() => {
    if (data) form.setFieldsValue(parametresForm(data));
  }, [data, form]);

  if (!data)
    return parametres.isError ? (
      <Result
        status="error"
        title="Les paramètres n’ont pas pu être chargés."
        subTitle={parametres.error.message}
      />
    ) : (
      <Skeleton active aria-busy="true" />
    );

  const submit = async (values: ParametresFormValues) => {
    setError(null);
    try {
      await save.mutateAsync(parametresBody(values));
    } catch (failure) {
      const message = errorMessage(failure);
      setError(message);
      const champ =
        failure instanceof ApiError ? (failure.data as { champ?: unknown } | null)?.champ : undefined;
      if (
        typeof champ === 'string' &&
        FIELDS.some((section) => section.items.some((item) => item.name === champ))
      )
        form.setFields([{ name: champ as keyof ParametresFormValues, errors: [message] }]);
    }
  };

  return (
    <>
      {data.manquants.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Paramètres incomplets : aucune facture ne peut être émise."
          description={`À renseigner : ${data.manquants.join(', ')}.`}
        />
      ) : (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title="Les mentions obligatoires sont renseignées."
        />
      )}
      <Form<ParametresFormValues>
        form={form}
        layout="vertical"
        disabled={!editable}
        initialValues={parametresForm(data)}
        onFinish={(values) => void submit(values)}
      >
        {FIELDS.map((section) => (
          <Card key={section.title} size="small" title={section.title} style={{ marginBottom: 16 }}>
            <Row gutter={12}>
              {section.items.map((item) => (
                <Col key={item.name} xs={24} md={item.span ?? 12}>
                  <Form.Item name={item.name} label={item.label} rules={item.rules as never}>
                    <Input placeholder={item.placeholder} autoComplete="off" />
                  </Form.Item>
                </Col>
              ))}
              {section.title === 'Paiement' && (
                <Col xs={24} md={8}>
                  <Form.Item
                    name="delaiPaiementJours"
                    label="Délai de paiement (jours)"
                    rules={[{ required: true, message: 'Le champ Délai de paiement est obligatoire' }]}
                  >
                    <InputNumber min={0} max={60} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              )}
            </Row>
          </Card>
        ))}
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} />}
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginBottom: 24 }}>
            Enregistrer les paramètres
          </Button>
        )}
      </Form>
    </>
  );
}

/**
 * « Paramètres de facturation »: the seller's identity and terms every invoice prints (the fields still missing
 * shown first: they block issuing), and the clients' billing details. Administrators edit; others read.
 */
export function ParametresFacturationPage() {
  const { jwtTokenDecoded } = useAuth();
  const editable = canEditInvoicingSettings(jwtTokenDecoded);
  return (
    <PageFrame routeId="parametres-facturation">
      {!editable && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Lecture seule : seuls les administrateurs modifient les paramètres de facturation et les coordonnées de facturation des clients."
        />
      )}
      <ParametresForm editable={editable} />
      <ClientsFacturation editable={editable} />
    </PageFrame>
  );
}
