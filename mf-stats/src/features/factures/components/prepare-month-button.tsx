import { CalendarOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Flex, Modal, Progress, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { errorMessage, formatPercent } from 'shared';
import { facturationKeys } from '../api/facturation-keys';
import { usePrepareMonth } from '../api/facture-writes';
import { useTask } from '../api/get-task';

/**
 * « Préparer les factures du mois » (administrators): a month → the background task that makes one draft per client
 * with nights left to invoice. The dialog follows its progress (live feed, else a re-read) until its end, whose
 * message it shows — the notification bell gets it too — and the list then shows the new drafts.
 */
export function PrepareMonthButton() {
  const [open, setOpen] = useState(false);
  const [mois, setMois] = useState<Dayjs>(() => dayjs().subtract(1, 'month'));
  const [taskId, setTaskId] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const prepare = usePrepareMonth({ onSuccess: (answer) => setTaskId(answer.task_id) });
  const task = useTask(taskId).data ?? null;
  const finished = task?.statut === 'terminee' || task?.statut === 'echec';
  useEffect(() => {
    if (task?.statut === 'terminee')
      void queryClient.invalidateQueries({ queryKey: facturationKeys.lists() });
  }, [task?.statut, queryClient]);
  const close = () => {
    setOpen(false);
    setTaskId(null);
    prepare.reset();
  };
  const running = taskId !== null && !finished;
  return (
    <>
      <Button icon={<CalendarOutlined />} onClick={() => setOpen(true)}>
        Préparer les factures du mois
      </Button>
      <Modal
        open={open}
        title="Préparer les factures du mois"
        onCancel={close}
        destroyOnHidden
        footer={
          taskId === null ? (
            <Flex gap={8} justify="end">
              <Button onClick={close}>Annuler</Button>
              <Button
                type="primary"
                loading={prepare.isPending}
                onClick={() => prepare.mutate(mois.format('YYYY-MM'))}
              >
                Préparer
              </Button>
            </Flex>
          ) : (
            <Button onClick={close}>{running ? 'Continuer en arrière-plan' : 'Fermer'}</Button>
          )
        }
      >
        {taskId === null ? (
          <Flex vertical gap={12}>
            <Typography.Paragraph style={{ margin: 0 }}>
              Un brouillon est préparé pour chaque client ayant des nuitées du mois non encore facturées.
              Chaque brouillon est ensuite vérifié puis émis.
            </Typography.Paragraph>
            <Flex gap={8} align="center">
              <label htmlFor="preparation-mois">Mois</label>
              <DatePicker
                id="preparation-mois"
                picker="month"
                format="MM/YYYY"
                placeholder="MM/AAAA"
                allowClear={false}
                value={mois}
                onChange={(value: Dayjs | null) => value && setMois(value)}
              />
            </Flex>
            {prepare.error && <Alert type="error" showIcon title={errorMessage(prepare.error)} />}
          </Flex>
        ) : (
          <Flex vertical gap={12} role="status" aria-live="polite">
            <Typography.Text>
              Préparation des factures de {mois.format('MM/YYYY')} (tâche n° {taskId})
            </Typography.Text>
            <Progress
              aria-label="Progression de la préparation"
              percent={task?.progression ?? 0}
              status={task?.statut === 'echec' ? 'exception' : finished ? 'success' : 'active'}
              format={(value) => formatPercent(value, { decimals: 0 })}
            />
            {task?.statut === 'terminee' && task.resultat && (
              <Alert type="success" showIcon title={task.resultat.message} />
            )}
            {task?.statut === 'echec' && (
              <Alert type="error" showIcon title={task.erreur ?? 'La tâche a échoué.'} />
            )}
          </Flex>
        )}
      </Modal>
    </>
  );
}
