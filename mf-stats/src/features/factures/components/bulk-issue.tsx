import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Progress, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage, formatNumber } from 'shared';
import type { FactureItem } from 'shared/contract';
import { facturationKeys } from '../api/facturation-keys';
import { issueFactureQuietly } from '../api/facture-writes';

export interface BulkIssueResult {
  id: number;
  client: string;
  ok: boolean;
  /** The number given, or why it was refused (the API's message). */
  message: string;
}

const brouillons = (n: number) => `${formatNumber(n)} brouillon${n > 1 ? 's' : ''}`;

/**
 * « Émettre la sélection » (administrators): the selected drafts issued one by one through the one issue route
 * (the API has no bulk route; docs/invoicing.md « Screens: client invoices and credit notes »), after a confirmation naming how many, with a progress
 * bar and a result per draft — one refused (settings missing, a draft deleted meanwhile) does not stop the others.
 */
export function BulkIssueButton({ rows, onDone }: { rows: readonly FactureItem[]; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<BulkIssueResult[] | null>(null);
  const [running, setRunning] = useState(false);
  const queryClient = useQueryClient();
  const drafts = rows.filter((row) => row.statut === 'brouillon');

  const run = async () => {
    setRunning(true);
    const done: BulkIssueResult[] = [];
    setResults([]);
    for (const row of drafts) {
      try {
        const answer = await issueFactureQuietly(row.id);
        done.push({ id: row.id, client: row.clientNom, ok: true, message: answer.data.numero ?? '' });
      } catch (error) {
        done.push({ id: row.id, client: row.clientNom, ok: false, message: errorMessage(error) });
      }
      setResults([...done]);
    }
    setRunning(false);
    await queryClient.invalidateQueries({ queryKey: facturationKeys.all });
  };
  const close = () => {
    if (running) return;
    if (results !== null) onDone();
    setOpen(false);
    setResults(null);
  };
  const issued = results?.filter((r) => r.ok).length ?? 0;

  return (
    <>
      <Button type="primary" disabled={drafts.length === 0} onClick={() => setOpen(true)}>
        Émettre la sélection ({formatNumber(drafts.length)})
      </Button>
      <Modal
        open={open}
        title="Émettre les brouillons choisis"
        onCancel={close}
        closable={!running}
        mask={{ closable: false }}
        destroyOnHidden
        width={640}
        footer={
          results === null ? (
            <Flex gap={8} justify="end">
              <Button onClick={close}>Annuler</Button>
              <Button type="primary" onClick={() => void run()}>
                Émettre {brouillons(drafts.length)}
              </Button>
            </Flex>
          ) : (
            <Button disabled={running} onClick={close}>
              Fermer
            </Button>
          )
        }
      >
        {results === null ? (
          <Typography.Paragraph>
            Émettre {brouillons(drafts.length)} ? Chaque facture reçoit son numéro définitif et ne pourra plus
            être modifiée.
          </Typography.Paragraph>
        ) : (
          <Flex vertical gap={12}>
            <Progress
              aria-label="Progression de l’émission"
              percent={Math.floor((results.length / Math.max(drafts.length, 1)) * 100)}
              status={running ? 'active' : undefined}
            />
            {!running && (
              <Alert
                type={issued === drafts.length ? 'success' : 'warning'}
                showIcon
                title={`${formatNumber(issued)} facture${issued > 1 ? 's' : ''} émise${issued > 1 ? 's' : ''} sur ${formatNumber(drafts.length)}.`}
              />
            )}
            <Table<BulkIssueResult>
              size="small"
              rowKey="id"
              pagination={false}
              aria-label="Résultat par brouillon"
              dataSource={results}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'client', title: 'Client', dataIndex: 'client' },
                {
                  key: 'ok',
                  title: 'Résultat',
                  render: (_, r) =>
                    r.ok ? <Tag color="green">Émise</Tag> : <Tag color="red">Non émise</Tag>,
                },
                { key: 'message', title: 'Numéro ou motif', dataIndex: 'message' },
              ]}
            />
          </Flex>
        )}
      </Modal>
    </>
  );
}
