import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { DateInput, dateFormItemProps } from 'shared';
import { MODE_TARIFICATION_OPTIONS, vatRules } from './contrats';
import { required } from './form-rules';

/** A date field's rule: after the date at `startPath` (a contract's or a tariff line's start). */
export const afterStart =
  (startPath: (string | number)[]) =>
  ({ getFieldValue }: { getFieldValue: (name: (string | number)[]) => unknown }) => ({
    validator: (_rule: unknown, value: unknown) => {
      const start = getFieldValue(startPath);
      return typeof value === 'string' && typeof start === 'string' && value <= start
        ? Promise.reject(new Error('La fin doit suivre le début.'))
        : Promise.resolve();
    },
  });

/** The header fields every contract form has: its party (client or hotel), reference, period, pricing, VAT, alert. */
export function ContratHeaderFields({ party }: { party: ReactNode }) {
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          {party}
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Référence" name="reference" rules={required}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={6}>
          <Form.Item label="Début" name="dateDebut" rules={[{ required: true }]} {...dateFormItemProps()}>
            <DateInput />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item
            label="Fin (exclue)"
            name="dateFin"
            dependencies={['dateDebut']}
            rules={[{ required: true }, afterStart(['dateDebut'])]}
            {...dateFormItemProps()}
          >
            <DateInput />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Mode de tarification" name="modeTarification" rules={[{ required: true }]}>
            <Select options={MODE_TARIFICATION_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item label="TVA nuitée (%)" name="tauxTvaNuitee" rules={vatRules}>
            <Input inputMode="decimal" maxLength={6} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="TVA repas (%)" name="tauxTvaRepas" rules={vatRules}>
            <Input inputMode="decimal" maxLength={6} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="Délai d'alerte (jours)" name="delaiAlerteJours">
            <InputNumber min={0} max={60} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
