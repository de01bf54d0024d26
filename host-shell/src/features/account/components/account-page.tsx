import { Alert, Button, Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { ROLE_LABELS } from 'shared';
import type { CurrentUser } from 'shared/contract';
import { ChangePasswordForm } from './change-password-form';
import { EndAllSessionsButton } from './end-all-sessions-button';

export interface AccountQuery {
  data: CurrentUser | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

function Identity({ account }: { account: AccountQuery }) {
  if (account.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (account.isError || account.data === undefined)
    return (
      <Alert
        type="error"
        showIcon
        title="Impossible de charger votre compte."
        action={
          <Button size="small" onClick={() => void account.refetch()}>
            Réessayer
          </Button>
        }
      />
    );
  const user = account.data;
  return (
    <Descriptions column={1} size="small">
      <Descriptions.Item label="Prénom">{user.prenom}</Descriptions.Item>
      <Descriptions.Item label="Nom">{user.nom}</Descriptions.Item>
      <Descriptions.Item label="Adresse e-mail">{user.email}</Descriptions.Item>
      <Descriptions.Item label="Rôle">{ROLE_LABELS[user.role]}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * « Mon compte »: who is signed in, a new password, and the end of every session. The name and e-mail are shown, not
 * edited: an administrator manages accounts (docs/auth.md « Mon compte »).
 */
export function AccountPage({ account }: { account: AccountQuery }) {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Mon compte
      </Typography.Title>
      <Card title="Identité">
        <Identity account={account} />
      </Card>
      <Card title="Mot de passe">
        <Typography.Paragraph type="secondary">
          Le nouveau mot de passe ferme vos autres sessions ; celle-ci reste ouverte.
        </Typography.Paragraph>
        <ChangePasswordForm />
      </Card>
      <Card title="Sessions">
        <Typography.Paragraph type="secondary">
          Vous avez oublié de vous déconnecter sur un autre poste ? Fermez toutes vos sessions, sur tous vos
          appareils : il faudra ensuite vous reconnecter ici aussi.
        </Typography.Paragraph>
        <EndAllSessionsButton />
      </Card>
    </Flex>
  );
}
