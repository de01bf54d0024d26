import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, FullPageSpinner } from 'shared';
import { getDemandDocument } from '../api/get-demand-document';

type State = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; message: string };

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate('/dashboard')}>
      Retour au tableau de bord
    </Button>
  );
}

function DocumentFrame({ id }: { id: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    getDemandDocument(id, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          message: error instanceof ApiError ? error.message : 'Document indisponible.',
        });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);

  if (state.status === 'loading') return <FullPageSpinner label="Chargement du document…" />;
  if (state.status === 'error')
    return (
      <Result status="error" title="Document indisponible" subTitle={state.message} extra={<BackButton />} />
    );
  return (
    <iframe
      title={`Document de la demande ${id}`}
      src={state.url}
      style={{ position: 'fixed', inset: 0, width: '100%', height: '100%', border: 0 }}
    />
  );
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
