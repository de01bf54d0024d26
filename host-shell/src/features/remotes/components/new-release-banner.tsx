import { Alert, Button } from 'antd';

/** A loaded remote the registry moved on from: the page on screen stays as it is until the user reloads. */
export function NewReleaseBanner() {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="Nouvelle version du module disponible"
      action={
        <Button size="small" type="primary" onClick={() => window.location.reload()}>
          Recharger
        </Button>
      }
    />
  );
}
