import { KeyOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { canManageReferenceData, useAuth } from 'shared';
import { PageFrame } from 'shared/ui';
import { ROLE_LABELS, type CurrentUser } from 'shared/contract';
import { useUsers, USERS_MAX_PAGE_SIZE } from '../api/get-users';
import { ActivationButton } from './activation-button';
import { CreateUserModal, PasswordModal, RoleModal } from './user-modals';

const PAGE_SIZE_OPTIONS = [10, 20, 50, USERS_MAX_PAGE_SIZE];

/**
 * Accounts, for administrators: who they are, their role, whether they may log in; « Activer » lets a new
 * sign-up in, « Désactiver » shuts an account out. Staff see a 403 page and nothing is requested.
 */
export function UtilisateursPage() {
  const { jwtTokenDecoded } = useAuth();
  const isAdmin = canManageReferenceData(jwtTokenDecoded);
  const [pagination, setPagination] = useState({ page: 1, pageSize: 20 });
  const users = useUsers(pagination, { enabled: isAdmin });
  const { error } = users;
  // A failed page shows the error, not the rows of the page before it.
  const page = error ? undefined : users.data;
  const loading = users.isPending || users.isPlaceholderData;
  const reload = () => void users.refetch();
  const [creating, setCreating] = useState(false);
  const [roleOf, setRoleOf] = useState<CurrentUser | null>(null);
  const [passwordOf, setPasswordOf] = useState<CurrentUser | null>(null);

  if (!isAdmin) {
    return (
      <PageFrame routeId="utilisateurs">
        <Result
          status="403"
          title="Accès réservé aux administrateurs"
          subTitle="Adressez-vous à un administrateur pour activer ou désactiver un compte."
        />
      </PageFrame>
    );
  }

  const columns: TableColumnsType<CurrentUser> = [
    { key: 'nom', dataIndex: 'nom', title: 'Nom' },
    { key: 'prenom', dataIndex: 'prenom', title: 'Prénom' },
    { key: 'email', dataIndex: 'email', title: 'E-mail' },
    {
      key: 'role',
      title: 'Rôle',
      render: (_, user) => (
        <Tag color={user.role === 'admin' ? 'blue' : undefined}>{ROLE_LABELS[user.role]}</Tag>
      ),
    },
    {
      key: 'statut',
      title: 'Statut',
      render: (_, user) =>
        user.active ? <Tag color="green">Actif</Tag> : <Tag color="orange">En attente</Tag>,
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, user) => {
        const fullName = `${user.prenom} ${user.nom}`;
        const resetPassword = (
          <Button
            type="link"
            size="small"
            icon={<KeyOutlined />}
            aria-label={`Réinitialiser le mot de passe de ${fullName}`}
            onClick={() => setPasswordOf(user)}
          >
            Réinitialiser le mot de passe
          </Button>
        );
        return String(user.id) === jwtTokenDecoded.sub ? (
          // The API refuses both (400): an administrator cannot lock themselves out nor change their own role.
          <Space size={0} wrap>
            <Typography.Text type="secondary">Votre compte</Typography.Text>
            {resetPassword}
          </Space>
        ) : (
          <Space size={0} wrap>
            <ActivationButton user={user} />
            <Button
              type="link"
              size="small"
              icon={<TeamOutlined />}
              aria-label={`Changer le rôle de ${fullName}`}
              onClick={() => setRoleOf(user)}
            >
              Rôle
            </Button>
            {resetPassword}
          </Space>
        );
      },
    },
  ];

  return (
    <PageFrame
      routeId="utilisateurs"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          Créer un utilisateur
        </Button>
      }
    >
      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
      <RoleModal user={roleOf} onClose={() => setRoleOf(null)} />
      <PasswordModal user={passwordOf} onClose={() => setPasswordOf(null)} />
      <Table<CurrentUser>
        rowKey="id"
        columns={columns}
        dataSource={page?.users ?? []}
        loading={loading}
        locale={
          error
            ? {
                emptyText: (
                  <Result
                    status="error"
                    title="La liste n'a pas pu être chargée."
                    subTitle={error.message}
                    extra={
                      <Button type="primary" onClick={reload}>
                        Réessayer
                      </Button>
                    }
                  />
                ),
              }
            : undefined
        }
        pagination={{
          current: pagination.page,
          pageSize: pagination.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (count) => `Total : ${count}`,
          onChange: (next, pageSize) =>
            setPagination((previous) => ({
              page: pageSize !== previous.pageSize ? 1 : next,
              pageSize,
            })),
        }}
      />
    </PageFrame>
  );
}
