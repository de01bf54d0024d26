import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { useState } from 'react';
import { formatNumber, formatPercent } from 'shared';
import { useFileDownload } from 'shared/ui';
import { RESERVATION_EXPORTS } from 'shared/contract/values';
import type { ReservationExportBody, ReservationExportKey } from 'shared/contract';
import { reservationExportRequest } from '../api/download-export';
import { useExportProgress } from '../api/get-export-progress';

export interface ReservationExportButtonsProps {
  /** The list's current filters (and sort): the export holds every matching row. */
  filters: ReservationExportBody;
  /** Exports offered, in order. Default: all of them. */
  keys?: readonly ReservationExportKey[];
}

const ALL_KEYS = Object.keys(RESERVATION_EXPORTS) as ReservationExportKey[];

/**
 * One button per export: saves the server's file (`reservations-YYYY-MM-DD.<ext>`); disabled while one runs. While
 * it runs: the rows written out of the file's rows (read from the server every second), else the bytes received,
 * and « Annuler », which closes the request — the server stops writing the file. A large export becomes a task: its
 * message (where to fetch the file) is shown instead.
 */
export function ReservationExportButtons({ filters, keys = ALL_KEYS }: ReservationExportButtonsProps) {
  const download = useFileDownload<ReservationExportKey>();
  const [exportId, setExportId] = useState<string | null>(null);
  const rows = useExportProgress(exportId).data;
  const running = download.running;

  const run = async (key: ReservationExportKey) => {
    const id = crypto.randomUUID();
    setExportId(id);
    await download.start(
      key,
      RESERVATION_EXPORTS[key].path,
      reservationExportRequest(key, filters, id),
      RESERVATION_EXPORTS[key].label,
    );
    setExportId(null);
  };

  const percent = rows && rows.total > 0 ? Math.floor((rows.ecrites / rows.total) * 100) : download.progress;
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} align="center" role="group" aria-label="Exports">
        {keys.map((key) => (
          <Button
            key={key}
            icon={<DownloadOutlined />}
            loading={running === key}
            disabled={running !== null && running !== key}
            onClick={() => void run(key)}
          >
            {RESERVATION_EXPORTS[key].label}
          </Button>
        ))}
        {running !== null && (
          <Flex gap={8} align="center" wrap>
            <span role="status" aria-live="polite" style={{ minWidth: 140 }}>
              {percent === null ? (
                'Préparation du fichier…'
              ) : (
                <Progress
                  percent={percent}
                  format={(value) => formatPercent(value, { decimals: 0 })}
                  size="small"
                  aria-label="Progression de l'export"
                />
              )}
              {rows && (
                <Typography.Text type="secondary">
                  {formatNumber(rows.ecrites)} / {formatNumber(rows.total)} lignes écrites
                </Typography.Text>
              )}
            </span>
            <Button size="small" onClick={download.cancel}>
              Annuler l’export
            </Button>
          </Flex>
        )}
      </Flex>
      {download.queued && (
        <Alert type="info" showIcon closable title={download.queued} onClose={download.clearQueued} />
      )}
      {download.error && (
        <Alert type="error" showIcon closable title={download.error} onClose={download.clearError} />
      )}
    </Flex>
  );
}
