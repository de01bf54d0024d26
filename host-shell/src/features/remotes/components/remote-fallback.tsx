import { Button, Result } from 'antd';
import { RemoteUnavailableError } from '../load-remote-pages';

/** French fallback inside the shell when a remote is unreachable or throws. */
export function RemoteFallback({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title: string;
  onRetry: () => void;
}) {
  const unreachable = error instanceof RemoteUnavailableError;
  return (
    <Result
      status="warning"
      title={
        unreachable
          ? `Le module « ${title} » est momentanément indisponible`
          : `Le module « ${title} » a rencontré une erreur`
      }
      subTitle="Le reste de l'application fonctionne. Réessayez dans un instant ; si le problème persiste, prévenez l'équipe technique."
      extra={
        <Button type="primary" onClick={onRetry} autoFocus>
          Réessayer
        </Button>
      }
    />
  );
}
