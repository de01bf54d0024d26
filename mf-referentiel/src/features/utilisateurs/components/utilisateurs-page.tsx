import { KeyOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { canManageReferenceData, useAuth } from 'shared';
import { PageFrame, ResourceTable, SearchOnEnter, useUrlFilters, type ResourceColumn } from 'shared/ui';
import {
  ROLE_LABELS,
  USER_STATUT_LABELS,
  USER_STATUTS,
  type CurrentUser,
  type UserItem,
  type UserStatut,
} from 'shared/contract';
import { usersListSource, type UserFilters } from '../api/get-users';
import { ActivationButton } from './activation-button';
import { CreateUserModal, PasswordModal, RoleModal } from './user-modals';

const FILTERS = ['search', 'statut'] as const;

const STATUT_COLOURS: Record<UserStatut, string> = {
  actif: 'green',
  en_attente: 'orange',
  desactive: 'red',
};
const STATUT_OPTIONS = USER_STATUTS.map((statut) => ({ value: statut, label: USER_STATUT_LABELS[statut] }));

/**
 * Accounts, for administrators: who they are, their role, where the account stands; « Activer » lets a new
 * sign-up in, « Désactiver » shuts an account out. Searched (name or e-mail, accents aside) and filtered on the
 * status by the API, the filters in the URL. Staff see a 403 page and nothing is requested.
 */
export function UtilisateursPage() {
  const { jwtTokenDecoded } = useAuth();
  const isAdmin = canManageReferenceData(jwtTokenDecoded);
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

  const columns: ResourceColumn<UserItem>[] = [
    { key: 'nom', title: 'Nom' },
    { key: 'prenom', title: 'Prénom' },
    { key: 'email', title: 'E-mail' },
    {
      key: 'role',
      title: 'Rôle',
      render: (user) => (
        <Tag color={user.role === 'admin' ? 'blue' : undefined}>{ROLE_LABELS[user.role]}</Tag>
      ),
    },
    {
      key: 'statut',
      title: 'Statut',
      render: (user) => <Tag color={STATUT_COLOURS[user.statut]}>{USER_STATUT_LABELS[user.statut]}</Tag>,
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (user) => {
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
      <UsersTable columns={columns} />
    </PageFrame>
  );
}

/** The filters above the table and the table (hooks of their own: the 403 page above renders none). */
function UsersTable({ columns }: { columns: ResourceColumn<UserItem>[] }) {
  const state = useUrlFilters(FILTERS);
  const { values, setFilter } = state;
  const filters = useMemo((): UserFilters => {
    const search = typeof values.search === 'string' ? values.search : undefined;
    const statut = USER_STATUTS.find((candidate) => candidate === values.statut);
    return { ...(search ? { search } : {}), ...(statut ? { statut } : {}) };
  }, [values]);
  const source = useMemo(() => usersListSource(filters), [filters]);
  return (
    <>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
        <SearchOnEnter
          aria-label="Rechercher un utilisateur"
          placeholder="Nom, prénom ou e-mail"
          style={{ width: 300, maxWidth: '100%' }}
          value={filters.search ?? ''}
          onSearch={(value) => setFilter('search', value === '' ? undefined : value)}
        />
        <Select<UserStatut>
          aria-label="Statut"
          allowClear
          placeholder="Tous les statuts"
          style={{ width: 180 }}
          value={filters.statut ?? null}
          options={STATUT_OPTIONS}
          onChange={(value) => setFilter('statut', value)}
        />
      </Flex>
      <ResourceTable<UserItem>
        {...source}
        columns={columns}
        filtersActive={state.active}
        onClearFilters={state.clearFilters}
        emptyDescription="Aucun utilisateur"
      />
    </>
  );
}
