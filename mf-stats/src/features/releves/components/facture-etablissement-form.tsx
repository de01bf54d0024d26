import { Col, Form, Input, Row } from 'antd';
import type { FactureEtablissementWritten } from 'shared/contract';
import { dateFormItemProps, DateInput, ResourceFormModal } from 'shared/ui';
import { useCreateFactureEtablissement } from '../api/releves-api';
import {
  amountRule,
  factureBody,
  PERIODE_MESSAGE,
  periodeInOrder,
  TTC_MESSAGE,
  ttcMatches,
  type FactureFormValues,
} from '../model/facture-form';
import { EtablissementSelect } from './filter-selects';

const required = (label: string) => ({ required: true, message: `Le champ ${label} est obligatoire` });

/**
 * Entering a hotel's invoice: hotel, number, date, billed period as the invoice prints it (first and last day, both
 * included; the body sends the API the day after the last), totals typed as text. Checked here
 * (required, amounts, TTC = HT + TVA, the period's order) and by the API, whose 400 and 409 show in the form.
 */
export function FactureEtablissementFormModal({
  open,
  initialValues,
  onClose,
  onSaved,
}: {
  open: boolean;
  initialValues?: Partial<FactureFormValues>;
  onClose: () => void;
  onSaved: (written: FactureEtablissementWritten) => void;
}) {
  const create = useCreateFactureEtablissement();
  return (
    <ResourceFormModal<FactureFormValues, FactureEtablissementWritten>
      open={open}
      title="Saisir une facture d’établissement"
      initialValues={initialValues}
      onSubmit={(values) => create.mutateAsync(factureBody(values))}
      onSaved={onSaved}
      onClose={onClose}
      width={640}
    >
      <Form.Item name="etablissementId" label="Établissement" rules={[required('Établissement')]}>
        <EtablissementSelectField />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="numero"
            label="Numéro de facture"
            rules={[
              required('Numéro de facture'),
              { whitespace: true, message: 'Le champ Numéro de facture est obligatoire' },
              { max: 50, message: 'Le numéro compte 50 caractères au plus.' },
            ]}
          >
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="dateFacture"
            label="Date de facture"
            {...dateFormItemProps([required('Date de facture')])}
          >
            <DateInput />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="periodeDebut"
            label="Début de période"
            {...dateFormItemProps([required('Début de période')])}
          >
            <DateInput />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="periodeFin"
            label="Fin de période"
            dependencies={['periodeDebut']}
            {...dateFormItemProps([
              required('Fin de période'),
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | null) =>
                  periodeInOrder(getFieldValue('periodeDebut') as string | null, value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(PERIODE_MESSAGE)),
              }),
            ])}
          >
            <DateInput />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="totalHt" label="Total HT" rules={[required('Total HT'), amountRule]}>
            <Input inputMode="decimal" suffix="€" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="totalTva" label="TVA" rules={[required('TVA'), amountRule]}>
            <Input inputMode="decimal" suffix="€" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="totalTtc"
            label="Total TTC"
            dependencies={['totalHt', 'totalTva']}
            rules={[
              required('Total TTC'),
              amountRule,
              ({ getFieldsValue }) => ({
                validator: () =>
                  ttcMatches(getFieldsValue() as Partial<FactureFormValues>)
                    ? Promise.resolve()
                    : Promise.reject(new Error(TTC_MESSAGE)),
              }),
            ]}
          >
            <Input inputMode="decimal" suffix="€" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </ResourceFormModal>
  );
}

/** The hotel select as a form control (antd passes value and onChange). */
function EtablissementSelectField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
}) {
  return (
    <EtablissementSelect
      id={id ?? 'etablissementId'}
      value={value}
      onChange={(next) => onChange?.(next)}
      allowClear={false}
    />
  );
}
