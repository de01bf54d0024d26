import { Col, Form, Input, Row } from 'antd';
import { codePostalRules, emailRules, required, telephoneRules } from './form-rules';

/** Street, postcode and town of a client's or a hotel's form: required, as the contract asks. */
export function AddressFields() {
  return (
    <>
      <Form.Item label="Adresse" name="adresse" rules={required}>
        <Input maxLength={240} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item label="Code postal" name="codePostal" rules={codePostalRules}>
            <Input maxLength={5} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item label="Ville" name="ville" rules={required}>
            <Input maxLength={120} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Phone and e-mail, both optional, side by side (client, hotel, resident). */
export function ContactFields() {
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item label="Téléphone" name="telephone" rules={telephoneRules}>
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label="E-mail" name="email" rules={emailRules}>
          <Input maxLength={254} inputMode="email" />
        </Form.Item>
      </Col>
    </Row>
  );
}
