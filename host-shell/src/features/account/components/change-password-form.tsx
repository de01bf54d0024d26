import { Alert, Button, Form, Input } from 'antd';
import { ApiError } from 'shared';
import { NewPasswordFields } from '../../../lib/new-password-fields';
import { useChangePassword } from '../api/change-password';

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmation: string;
}

/**
 * The user's new password, given the current one. On success the API's message is toasted, the form empties and the
 * session goes on with its new token; the user's other sessions have ended.
 */
export function ChangePasswordForm() {
  const [form] = Form.useForm<PasswordValues>();
  const request = useChangePassword({ onSuccess: () => form.resetFields() });
  // The client toasts a failure too; the form says it where the user looks.
  const refusal =
    request.error instanceof ApiError && request.error.status === 400 ? request.error.message : null;

  return (
    <>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} role="alert" />}
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 420 }}
        disabled={request.isPending}
        onFinish={({ currentPassword, password }) => request.mutate({ currentPassword, password })}
      >
        <Form.Item
          label="Mot de passe actuel"
          name="currentPassword"
          rules={[{ required: true }, { max: 256 }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          label="Nouveau mot de passe"
          confirmationLabel="Confirmation du nouveau mot de passe"
        />
        <Button type="primary" htmlType="submit" loading={request.isPending}>
          Changer le mot de passe
        </Button>
      </Form>
    </>
  );
}
