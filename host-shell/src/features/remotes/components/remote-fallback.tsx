import { Button, Result } from 'antd';
import { RemoteUnavailableError } from '../load-remote-pages';
import { RemoteIncompatibleError } from '../remote-requirements';

/** French fallback inside the shell when a remote is unreachable, throws, or is incompatible with the host. */
export function RemoteFallback({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title: string;
  onRetry: () => void;
}) {
  if (error instanceof RemoteIncompatibleError)
    // No « Réessayer »: the same release would be refused again; a rollback or a host release fixes it.
    return (
      <Result
        status="warning"
        title={`Le module « ${title} » n'est pas compatible avec cette version de l'application`}
        subTitle={
          <>
            Le reste de l'application fonctionne. Prévenez l'équipe technique : {error.reasons.join(' ; ')}.
          </>
        }
      />
    );
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
