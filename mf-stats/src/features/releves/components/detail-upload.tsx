import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { errorMessage } from 'shared';
import { DETAIL_MAX_OCTETS, RELEVES_MESSAGES, type FactureEtablissementDetail } from 'shared/contract';
import { useLoadDetail } from '../api/releves-api';
import { fileToBase64 } from '../model/base64';

const EXTENSIONS = ['.xlsx', '.csv', '.pdf'];

/** The limit as the API words it (« 2 Mo »: mebibytes, DETAIL_MAX_OCTETS). */
const LIMITE = `${DETAIL_MAX_OCTETS / 1024 / 1024} Mo`;

export const DETAIL_HINT = `Classeur Excel (.xlsx) ou CSV des nuitées, ou facture Factur-X (.pdf) de l’établissement : ${LIMITE} au plus.`;

/** Refused before sending, with the API's own sentences: what the browser already knows about the file. */
export function detailFileProblem(file: { name: string; size: number }): string | null {
  if (!EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension)))
    return RELEVES_MESSAGES.extension;
  if (file.size === 0) return RELEVES_MESSAGES.fichierVide;
  if (file.size > DETAIL_MAX_OCTETS) return RELEVES_MESSAGES.fichierTropGros;
  return null;
}

/**
 * Loads (or replaces) an invoice's detail: the nights billed, as a workbook, a CSV or the hotel's Factur-X PDF. The
 * size limit is told before choosing; a file over it is refused here, and the API's refusal is shown as it words it.
 */
export function DetailUpload({ facture }: { facture: FactureEtablissementDetail }) {
  const load = useLoadDetail();
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = async (file: File) => {
    const refused = detailFileProblem(file);
    setProblem(refused);
    if (refused) return;
    try {
      await load.mutateAsync({
        id: facture.id,
        version: facture.version,
        nomFichier: file.name,
        contenu: await fileToBase64(file),
      });
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{DETAIL_HINT}</Typography.Text>
      {facture.nomFichier && (
        <Typography.Text>
          Détail chargé : {facture.nomFichier} ({facture.lignesDetail} ligne
          {facture.lignesDetail > 1 ? 's' : ''})
        </Typography.Text>
      )}
      {/* The button opens the browser's file chooser (keyboard included); the input itself stays out of sight. */}
      <input
        ref={input}
        type="file"
        accept={EXTENSIONS.join(',')}
        aria-label="Fichier de détail"
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <Button icon={<UploadOutlined />} loading={load.isPending} onClick={() => input.current?.click()}>
        {facture.sourceDetail ? 'Remplacer le détail' : 'Charger le détail'}
      </Button>
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
    </Space>
  );
}
