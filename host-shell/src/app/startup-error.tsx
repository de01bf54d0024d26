import { Button, Result } from 'antd';

/** Shown when the runtime registry cannot be read: nothing else can work, so say it plainly. */
export function StartupError({ error }: { error: unknown }) {
  return (
    <Result
      status="error"
      title="EBAS3 n'a pas pu démarrer"
      subTitle={error instanceof Error ? error.message : 'Configuration indisponible.'}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Réessayer
        </Button>
      }
    />
  );
}
