import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing';
import { validateMessages } from './validate-messages';

describe('validateMessages', () => {
  it("uses the spec's required template", () => {
    expect(validateMessages.required).toBe('Le champ ${label} est obligatoire');
  });

  it('covers every kind of rule of spec §5 with a ${label} template', () => {
    const templates = [
      validateMessages.default,
      validateMessages.enum,
      validateMessages.whitespace,
      ...Object.values(validateMessages.date),
      ...Object.values(validateMessages.types),
      ...Object.values(validateMessages.string),
      ...Object.values(validateMessages.number),
      ...Object.values(validateMessages.array),
      validateMessages.pattern.mismatch,
    ];
    for (const template of templates) expect(template).toContain('${label}');
  });

  it('is wired into antd forms by AppProviders', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <Form>
        <Form.Item label="Nom" name="nom" rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Courriel" name="courriel" rules={[{ type: 'email' }]}>
          <Input />
        </Form.Item>
        <Button htmlType="submit">Enregistrer</Button>
      </Form>,
    );
    await user.type(screen.getByLabelText('Courriel'), 'pas-un-email');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le champ Nom est obligatoire')).toBeTruthy();
    expect(
      await screen.findByText("La valeur du champ Courriel n'est pas une adresse e-mail valide"),
    ).toBeTruthy();
  });
});
