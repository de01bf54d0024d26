import { UserAddOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Popconfirm, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { dashboardUrl, errorMessage, formatDate } from 'shared';
import type { FoyerDetail, FoyerMembreDetail } from 'shared/contract';
import { NO_VALUE, SEXE_LABELS } from '../../../lib/labels';
import { useClientPensionnaires } from '../api/get-client-pensionnaires';
import { useAddFoyerMembre, useRemoveFoyerMembre } from '../api/set-foyer-membre';

/** Picks an active resident of the household's client by name; one already in another household moves. */
function AddMembre({
  foyer,
  onAdd,
  busy,
}: {
  foyer: FoyerDetail;
  onAdd: (id: number) => void;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const candidates = useClientPensionnaires(foyer.clientId, term, open);
  const members = new Set(foyer.membres.map((m) => m.id));
  const options = (candidates.data ?? [])
    .filter((p) => !members.has(p.id))
    .map((p) => ({
      value: p.id,
      label: `${p.prenom} ${p.nom} — ${p.numeroDossier}${p.foyerId !== null ? ' (dans un autre foyer)' : ''}`,
    }));
  if (!open)
    return (
      <Button icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        Ajouter un membre
      </Button>
    );
  return (
    <Flex wrap gap={8}>
      <Select<number>
        aria-label="Pensionnaire à ajouter"
        placeholder="Rechercher un pensionnaire du client par nom"
        showSearch={{ filterOption: false, onSearch: setTerm }}
        loading={candidates.isFetching}
        options={options}
        value={chosen ?? undefined}
        onChange={setChosen}
        notFoundContent={candidates.isPending ? 'Chargement…' : 'Aucun pensionnaire'}
        style={{ width: 360, maxWidth: '100%' }}
      />
      <Button
        type="primary"
        disabled={chosen === null}
        loading={busy}
        onClick={() => {
          if (chosen === null) return;
          onAdd(chosen);
          setChosen(null);
          setTerm('');
          setOpen(false);
        }}
      >
        Ajouter
      </Button>
      <Button onClick={() => setOpen(false)}>Annuler</Button>
    </Flex>
  );
}

/** The household's members: links to their cards, « Retirer » each, « Ajouter un membre ». */
export function FoyerMembres({ foyer }: { foyer: FoyerDetail }) {
  const add = useAddFoyerMembre();
  const remove = useRemoveFoyerMembre();
  const failure = add.error ?? remove.error;
  const writable = foyer.archivedAt === null;

  return (
    <Card title="Membres" size="small">
      {writable && (
        <div style={{ marginBottom: 12 }}>
          <AddMembre
            foyer={foyer}
            busy={add.isPending}
            onAdd={(pensionnaireId) => {
              remove.reset();
              add.mutate({ foyerId: foyer.id, pensionnaireId });
            }}
          />
        </div>
      )}
      {failure && (
        // A 409 is only logged by the client (spec §8): the card says it.
        <Alert type="error" showIcon title={errorMessage(failure)} style={{ marginBottom: 12 }} />
      )}
      <Table<FoyerMembreDetail>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={foyer.membres}
        locale={{ emptyText: 'Aucun membre' }}
        columns={[
          {
            title: 'Pensionnaire',
            render: (_, m) => (
              <Flex gap={8} wrap>
                <Link to={dashboardUrl('pensionnaire', { id: m.id })}>{`${m.prenom} ${m.nom}`}</Link>
                {m.archivedAt && <Tag>Archivé</Tag>}
              </Flex>
            ),
          },
          { title: 'N° de dossier', dataIndex: 'numeroDossier' },
          {
            title: 'Date de naissance',
            render: (_, m) => (m.dateNaissance ? formatDate(m.dateNaissance) : NO_VALUE),
          },
          { title: 'Sexe', render: (_, m) => SEXE_LABELS[m.sexe] },
          ...(writable
            ? [
                {
                  title: '',
                  key: 'actions',
                  render: (_: unknown, m: FoyerMembreDetail) => (
                    <Popconfirm
                      title={`Retirer ${m.prenom} ${m.nom} du foyer ?`}
                      description="Ses séjours et ses demandes restent inchangés."
                      okText="Retirer"
                      cancelText="Annuler"
                      okButtonProps={{ loading: remove.isPending }}
                      onConfirm={() => {
                        add.reset();
                        remove.mutate({ foyerId: foyer.id, pensionnaireId: m.id });
                      }}
                    >
                      <Button size="small" danger>
                        Retirer
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
