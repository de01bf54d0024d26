import { Button, Result } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, FullPageSpinner } from 'shared';
import { useDemandDocument } from '../api/get-demand-document';

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => void navigate('/dashboard')}>
      Retour au tableau de bord
    </Button>
  );
}

/**
 * The PDF in a frame through an object URL, made when the frame is there and revoked when it goes (a layout effect:
 * the frame never shows without its document).
 */
function PdfFrame({ id, blob }: { id: string; blob: Blob }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useLayoutEffect(() => {
    const url = URL.createObjectURL(blob);
    frame.current?.setAttribute('src', url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return (
    <iframe
      ref={frame}
      title={`Document de la demande ${id}`}
      style={{ position: 'fixed', inset: 0, width: '100%', height: '100%', border: 0 }}
    />
  );
}

function DocumentFrame({ id }: { id: string }) {
  const pdf = useDemandDocument(id);
  if (pdf.isPending) return <FullPageSpinner label="Chargement du document…" />;
  if (pdf.isError)
    return (
      <Result
        status="error"
        title="Document indisponible"
        subTitle={pdf.error instanceof ApiError ? pdf.error.message : 'Document indisponible.'}
        extra={<BackButton />}
      />
    );
  return <PdfFrame id={id} blob={pdf.data} />;
}

/** '/view-pdf?id=': the demand's communication document in a full-page frame (spec §2). */
export default function ViewPdfPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id) {
    return (
      <Result
        status="warning"
        title="Aucun document indiqué"
        subTitle="L'adresse doit préciser ?id=."
        extra={<BackButton />}
      />
    );
  }
  return <DocumentFrame key={id} id={id} />;
}
