import { UnorderedListOutlined } from '@ant-design/icons';
import { Button, Grid, Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';

/** `?taches=1`: the link of the task notifications opens the drawer on arrival. */
export const TASKS_PARAM = 'taches';

// The list, its table and its calls load on the first opening only: the first load stays within its budget.
const TasksDrawer = lazy(() => import('./tasks-drawer'));

/** The top bar's « Tâches » button and the drawer it opens (its open state lives in the URL). */
export function TasksEntry() {
  // Labelled from 1600 px only: at 1366 px with the menu open the top bar holds its shortcuts on one line.
  const labelled = Boolean(Grid.useBreakpoint().xxl);
  const [params, setParams] = useSearchParams();
  const open = params.get(TASKS_PARAM) === '1';
  const setOpen = (value: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(TASKS_PARAM, '1');
        else next.delete(TASKS_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <Tooltip title="Tâches en arrière-plan">
        <Button
          size={labelled ? 'middle' : 'small'}
          icon={<UnorderedListOutlined />}
          aria-label="Tâches"
          onClick={() => setOpen(true)}
        >
          {labelled ? 'Tâches' : null}
        </Button>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <TasksDrawer open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
