import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate } from 'shared';
import { COMPTES, FEC_MAX_JOURS, JOURNAUX, parisToday } from 'shared/contract/values';
import { DateInput, PageFrame, useFileDownload } from 'shared/ui';
import { comptabiliteFailure, fecRequest } from '../api/comptabilite-files';
import { isDay, previousMonth } from '../model/periode';
import { FiltersBar } from '../../../lib/filters-bar';

const compte = (key: keyof typeof COMPTES) => `${COMPTES[key].numero} ${COMPTES[key].libelle}`;

/** What the file holds, in the accountant's words (docs/invoicing.md « Accounting export (FEC) »). */
function Explication() {
  return (
    <Card size="small" title={<h2 style={{ fontSize: 15, margin: 0 }}>Contenu du fichier</h2>}>
      <Typography.Paragraph>
        Le fichier des écritures comptables (FEC, article A47 A-1 du livre des procédures fiscales) reprend
        les écritures de la période, dates de début et de fin comprises, en 18 colonnes séparées par des
        tabulations :
      </Typography.Paragraph>
      <ul>
        <li>
          <strong>VT — {JOURNAUX.VT}</strong> : les factures et avoirs émis (jamais les brouillons) — client{' '}
          {compte('clients')} (compte auxiliaire par client), {compte('ventes')} et TVA collectée par taux (
          {COMPTES.tvaCollectee.numero}…) ; un avoir passe l’écriture inverse.
        </li>
        <li>
          <strong>BQ — {JOURNAUX.BQ}</strong> : les paiements reçus, non annulés — {compte('banque')} au
          débit, client au crédit. Une facture soldée est lettrée avec ses paiements et avoirs (code : son
          numéro).
        </li>
        <li>
          <strong>HA — {JOURNAUX.HA}</strong> : les factures d’établissements rapprochées — {compte('achats')}
          , {compte('tvaDeductible')}, fournisseur {compte('fournisseurs')} (compte auxiliaire par
          établissement).
        </li>
      </ul>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Le fichier texte est nommé d’après le SIREN du vendeur et le dernier jour de la période ; le classeur
        Excel contient les mêmes lignes. Période de {FEC_MAX_JOURS} jours au plus.
      </Typography.Paragraph>
    </Card>
  );
}

/** ExportComptable: the period (in the URL, the previous month by default), the FEC and its workbook. */
export function ExportComptablePage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const defaults = previousMonth(parisToday());
  const debutAsked = params.get('debut');
  const finAsked = params.get('fin');
  const debut = isDay(debutAsked) ? debutAsked : defaults.debut;
  const fin = isDay(finAsked) ? finAsked : defaults.fin;
  const download = useFileDownload<'txt' | 'xlsx'>({ failure: comptabiliteFailure });
  const backwards = fin < debut;
  const set = (key: 'debut' | 'fin') => (value: Dayjs | Dayjs[] | null) => {
    if (value === null || Array.isArray(value) || !value.isValid()) return;
    const next = new URLSearchParams(params);
    next.set('debut', debut);
    next.set('fin', fin);
    next.set(key, value.format('YYYY-MM-DD'));
    setParams(next);
  };
  const start = (format: 'txt' | 'xlsx', label: string) =>
    void download.start(format, ...fecRequest(debut, fin, format), label);
  return (
    <PageFrame routeId="export-comptable">
      <FiltersBar label="Période exportée">
        <label htmlFor={`${id}-debut`}>Du</label>
        <DateInput
          id={`${id}-debut`}
          allowClear={false}
          value={dayjs(debut)}
          onChange={set('debut')}
          style={{ width: 140 }}
        />
        <label htmlFor={`${id}-fin`}>au</label>
        <DateInput
          id={`${id}-fin`}
          allowClear={false}
          value={dayjs(fin)}
          onChange={set('fin')}
          style={{ width: 140 }}
        />
      </FiltersBar>
      {backwards && (
        <Alert
          type="warning"
          showIcon
          title="La date de fin doit être égale ou postérieure à la date de début."
          style={{ marginBottom: 12 }}
        />
      )}
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          disabled={backwards}
          loading={download.running === 'txt'}
          onClick={() => start('txt', 'FEC')}
          // The label names the period: it wraps on a phone rather than widening the screen.
          style={{ whiteSpace: 'normal', height: 'auto', maxWidth: '100%' }}
        >
          Télécharger le FEC ({formatDate(debut)} – {formatDate(fin)})
        </Button>
        <Button
          icon={<DownloadOutlined />}
          disabled={backwards}
          loading={download.running === 'xlsx'}
          onClick={() => start('xlsx', 'FEC (Excel)')}
        >
          Télécharger en Excel
        </Button>
      </Flex>
      {download.error && <Alert type="error" showIcon title={download.error} style={{ marginBottom: 12 }} />}
      <Explication />
    </PageFrame>
  );
}
