import { Col, Form, Input, Radio, Row, type FormRule } from 'antd';
import { ResourceFormModal } from 'shared/ui';
import { PASSWORD_MIN_LENGTH, ROLE_LABELS, type CurrentUser, type Role } from 'shared/contract';
import { emailRules, required } from '../../../lib/form-rules';
import { useCreateUser } from '../api/create-user';
import { useResetUserPassword } from '../api/reset-user-password';
import { useSetUserRole } from '../api/set-user-role';

const ROLE_OPTIONS = (['admin', 'agent'] as const).map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const passwordRules: FormRule[] = [
  { required: true },
  {
    min: PASSWORD_MIN_LENGTH,
    message: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  },
  { max: 256 },
];

export const PASSWORD_MISMATCH = 'Les deux mots de passe ne correspondent pas';

interface CreateUserValues {
  prenom: string;
  nom: string;
  email: string;
  role: Role;
  password: string;
}

/** « Créer un utilisateur »: an active account with a temporary password the administrator hands over. */
export function CreateUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateUser();
  return (
    <ResourceFormModal<CreateUserValues>
      open={open}
      title="Créer un utilisateur"
      okText="Créer"
      initialValues={{ role: 'agent' }}
      onSubmit={(values) =>
        create.mutateAsync({
          email: values.email.trim(),
          nom: values.nom.trim(),
          prenom: values.prenom.trim(),
          role: values.role,
          password: values.password,
        })
      }
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Prénom" name="prenom" rules={[...required, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Nom" name="nom" rules={[...required, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Adresse e-mail" name="email" rules={[...required, ...emailRules, { max: 254 }]}>
        <Input maxLength={254} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Rôle" name="role" rules={[{ required: true }]}>
        <Radio.Group options={ROLE_OPTIONS} />
      </Form.Item>
      <Form.Item
        label="Mot de passe temporaire"
        name="password"
        rules={passwordRules}
        extra={`Au moins ${PASSWORD_MIN_LENGTH} caractères ; à transmettre à la personne.`}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </ResourceFormModal>
  );
}

const fullName = (user: CurrentUser) => `${user.prenom} ${user.nom}`;

/** Changes another account's role; open while `user` is set. */
export function RoleModal({ user, onClose }: { user: CurrentUser | null; onClose: () => void }) {
  const setRole = useSetUserRole();
  return (
    <ResourceFormModal<{ role: Role }>
      open={user !== null}
      title={user ? `Rôle de ${fullName(user)}` : ''}
      okText="Changer le rôle"
      initialValues={{ role: user?.role }}
      onSubmit={(values) => setRole.mutateAsync({ id: user!.id, role: values.role })}
      onClose={onClose}
    >
      <Form.Item
        label="Rôle"
        name="role"
        rules={[{ required: true }]}
        extra="Le changement s’applique à la prochaine action de la personne."
      >
        <Radio.Group options={ROLE_OPTIONS} />
      </Form.Item>
    </ResourceFormModal>
  );
}

/** Sets a new password for an account, typed twice; open while `user` is set. */
export function PasswordModal({ user, onClose }: { user: CurrentUser | null; onClose: () => void }) {
  const reset = useResetUserPassword();
  return (
    <ResourceFormModal<{ password: string; confirmation: string }>
      open={user !== null}
      title={user ? `Réinitialiser le mot de passe de ${fullName(user)}` : ''}
      okText="Réinitialiser"
      onSubmit={(values) => reset.mutateAsync({ id: user!.id, password: values.password })}
      onClose={onClose}
    >
      <Form.Item
        label="Nouveau mot de passe"
        name="password"
        rules={passwordRules}
        extra="Les sessions en cours de la personne restent ouvertes ; désactivez le compte pour les fermer."
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirmation du mot de passe"
        name="confirmation"
        dependencies={['password']}
        rules={[
          { required: true },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error(PASSWORD_MISMATCH)),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </ResourceFormModal>
  );
}
