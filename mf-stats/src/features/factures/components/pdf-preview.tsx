import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from 'shared';
import { downloadFactureFile, getFacturePdf } from '../api/facture-files';

/**
 * « Voir le PDF »: the Factur-X PDF kept at issue, shown in a dialog over the card (the user stays on the invoice; Esc
 * or « Fermer » closes it), with « Ouvrir dans un nouvel onglet » for the browser's own viewer and « Télécharger ».
 * The file is fetched through the API client (it needs the session's token), so the frame shows an object URL.
 */
export function PdfPreviewButton({ id, numero }: { id: number; numero: string }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    getFacturePdf(id, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setUrl(objectUrl);
      })
      .catch((failed: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failed));
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [open, id]);
  return (
    <>
      <Button
        icon={<FilePdfOutlined />}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        Voir le PDF
      </Button>
      <Modal
        open={open}
        title={`${numero} — PDF`}
        width="min(960px, 100vw)"
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <Flex wrap gap={8} justify="end">
            {url && (
              <Button href={url} target="_blank" rel="noreferrer">
                Ouvrir dans un nouvel onglet
              </Button>
            )}
            <Button onClick={() => void downloadFactureFile(id, 'pdf', numero)}>Télécharger</Button>
            <Button type="primary" onClick={() => setOpen(false)}>
              Fermer
            </Button>
          </Flex>
        }
      >
        {error ? (
          <Alert type="error" showIcon title={error} />
        ) : url ? (
          <iframe
            title={`Facture ${numero}`}
            src={url}
            style={{ width: '100%', height: '70vh', border: 0 }}
          />
        ) : (
          <Spin aria-label="Chargement du PDF" />
        )}
      </Modal>
    </>
  );
}
