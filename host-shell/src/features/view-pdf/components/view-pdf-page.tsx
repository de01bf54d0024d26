import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Select } from 'antd';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, ContentSpinner, FullPageSpinner, formatDateTime, VIEW_PDF_PARAMS } from 'shared';
import { COMMUNICATION_TYPE_LABELS } from 'shared/contract';
import { useCommunicationDocument } from '../api/get-communication-document';
import { useDemandDocument } from '../api/get-demand-document';
import { useDemandDocuments } from '../api/get-demand-documents';

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
function PdfFrame({ title, blob }: { title: string; blob: Blob }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useLayoutEffect(() => {
    const url = URL.createObjectURL(blob);
    frame.current?.setAttribute('src', url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return (
    <iframe
      ref={frame}
      title={title}
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
    />
  );
}

/** The page: an optional compact bar above the document, the document filling the rest. */
function DocumentView({ title, pdf, bar }: { title: string; pdf: UseQueryResult<Blob>; bar?: ReactNode }) {
  if (pdf.isError)
    return (
      <Result
        status="error"
        title="Document indisponible"
        subTitle={pdf.error instanceof ApiError ? pdf.error.message : 'Document indisponible.'}
        extra={<BackButton />}
      />
    );
  return (
    <div style={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column' }}>
      {bar && (
        <div style={{ padding: '6px 12px', borderBottom: '1px solid #f0f0f0', background: '#fafafa' }}>
          {bar}
        </div>
      )}
      <div style={{ position: 'relative', flex: 1 }}>
        {pdf.isPending ? (
          // Another document of the request: the bar stays, to pick again.
          bar ? (
            <ContentSpinner label="Chargement du document…" />
          ) : (
            <FullPageSpinner label="Chargement du document…" />
          )
        ) : (
          <PdfFrame title={title} blob={pdf.data} />
        )}
      </div>
    </div>
  );
}

/**
 * A request's document (spec §2: `id` is the request): the one `communication` names, else its latest; when the
 * request has several, a select above the frame switches between them (the address follows).
 */
function DemandDocuments({ demandeId, communicationId }: { demandeId: number; communicationId?: number }) {
  const [, setParams] = useSearchParams();
  const pdf = useDemandDocument(demandeId, communicationId);
  const documents = useDemandDocuments(demandeId).data ?? [];
  const bar =
    documents.length > 1 ? (
      <Select
        size="small"
        aria-label="Document affiché"
        style={{ width: 'min(420px, 100%)' }}
        value={communicationId ?? documents[0]?.id}
        onChange={(id: number) =>
          setParams(
            { [VIEW_PDF_PARAMS.demande]: String(demandeId), [VIEW_PDF_PARAMS.communication]: String(id) },
            { replace: true },
          )
        }
        options={documents.map((c) => ({
          value: c.id,
          label: `${COMMUNICATION_TYPE_LABELS[c.type_document]} — ${formatDateTime(c.created_at)}`,
        }))}
      />
    ) : undefined;
  return <DocumentView title={`Document de la demande ${demandeId}`} pdf={pdf} bar={bar} />;
}

/** A document that belongs to no request, by its own id. */
function CommunicationDocument({ id }: { id: number }) {
  return <DocumentView title={`Document n° ${id}`} pdf={useCommunicationDocument(id)} />;
}

/** A positive integer from the address, or undefined when absent or malformed. */
function idOf(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  return Number(value);
}

/** '/view-pdf?id=<request>[&communication=<document>]', or '?communication=<document>' alone (spec §2). */
export default function ViewPdfPage() {
  const [params] = useSearchParams();
  const demandeId = idOf(params.get(VIEW_PDF_PARAMS.demande));
  const communicationId = idOf(params.get(VIEW_PDF_PARAMS.communication));
  if (demandeId !== undefined)
    return <DemandDocuments key={demandeId} demandeId={demandeId} communicationId={communicationId} />;
  if (communicationId !== undefined)
    return <CommunicationDocument key={communicationId} id={communicationId} />;
  return (
    <Result
      status="warning"
      title="Aucun document indiqué"
      subTitle="L'adresse doit préciser la demande : ?id=<numéro de la demande>."
      extra={<BackButton />}
    />
  );
}
