import { Button, Flex, Result } from 'antd';
import { oneLine, RemoteUnavailableError } from '../load-remote-pages';
import { RemoteIncompatibleError } from '../remote-requirements';

/**
 * French fallback inside the shell when a remote fails to load (unreachable, or its code throws while loading), throws
 * while rendering, or is incompatible with the host; the error boundary logs the error once.
 */
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
  if (error instanceof RemoteUnavailableError)
    // What happened, for the person who tells the technical team: the module, its release and the error. The retry
    // is a full page load (the registry read again, a rolled-back release taken), on demand only: no retry loop.
    return (
      <Result
        status="warning"
        title={`Le module « ${title} » n'a pas pu être chargé`}
        subTitle={
          <Flex vertical gap={4} align="center">
            <span>
              Module {error.remote}, version {error.releaseId ?? 'de la construction (hors registre)'} :{' '}
              {error.reason}
            </span>
            <span>
              Le reste de l'application fonctionne. Réessayez dans un instant ; si le problème persiste,
              prévenez l'équipe technique.
            </span>
          </Flex>
        }
        extra={
          <Button type="primary" onClick={() => window.location.reload()} autoFocus>
            Réessayer
          </Button>
        }
      />
    );
  return (
    <Result
      status="warning"
      title={`Le module « ${title} » a rencontré une erreur`}
      subTitle={
        <Flex vertical gap={4} align="center">
          {error instanceof Error && <span>{oneLine(error.message)}</span>}
          <span>
            Le reste de l'application fonctionne. Réessayez dans un instant ; si le problème persiste,
            prévenez l'équipe technique.
          </span>
        </Flex>
      }
      extra={
        <Button type="primary" onClick={onRetry} autoFocus>
          Réessayer
        </Button>
      }
    />
  );
}
