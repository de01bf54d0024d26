import { Alert } from 'antd';
import type { PointageFailure } from '../api/conflict';

/**
 * The failure of a pointage (usePointageFailure), above the list: a conflict (a colleague changed the stay) is a
 * warning that says the rows were reloaded; any other failure is an error. Nothing when there is none.
 */
export function PointageFailureAlert({
  failure,
  onClose,
}: {
  failure: PointageFailure | null;
  onClose: () => void;
}) {
  if (!failure) return null;
  return (
    <Alert
      type={failure.conflict ? 'warning' : 'error'}
      showIcon
      closable
      onClose={onClose}
      title={failure.message}
      description={failure.conflict ? 'La liste a été rechargée : vérifiez puis recommencez.' : undefined}
    />
  );
}
