import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Progress } from 'antd';
import { useState } from 'react';
import { RESERVATION_EXPORTS, type ReservationExportBody, type ReservationExportKey } from 'shared/contract';
import { downloadReservationExport } from '../api/download-export';

export interface ReservationExportButtonsProps {
  /** The list's current filters (and sort): the export holds every matching row. */
  filters: ReservationExportBody;
  /** Exports offered, in order. Default: all of them. */
  keys?: readonly ReservationExportKey[];
}

const ALL_KEYS = Object.keys(RESERVATION_EXPORTS) as ReservationExportKey[];

/**
 * One button per export: saves the server's file (`reservations-YYYY-MM-DD.<ext>`); disabled while one runs. A large export becomes
 * a task: its message (where to fetch the file) is shown instead.
 */
export function ReservationExportButtons({ filters, keys = ALL_KEYS }: ReservationExportButtonsProps) {
  const [running, setRunning] = useState<ReservationExportKey | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState<string | null>(null);

  const run = async (key: ReservationExportKey) => {
    setRunning(key);
    setProgress(null);
    setError(null);
    setQueued(null);
    try {
      const result = await downloadReservationExport(key, filters, setProgress);
      if (result.kind === 'task') setQueued(result.message);
    } catch (failure) {
      setError(
        `L'export « ${RESERVATION_EXPORTS[key].label} » a échoué : ${
          failure instanceof Error ? failure.message : String(failure)
        }`,
      );
    } finally {
      setRunning(null);
    }
  };

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
          <span role="status" aria-live="polite" style={{ minWidth: 140 }}>
            {progress === null ? (
              'Préparation du fichier…'
            ) : (
              <Progress percent={progress} size="small" aria-label="Progression de l'export" />
            )}
          </span>
        )}
      </Flex>
      {queued && <Alert type="info" showIcon closable title={queued} onClose={() => setQueued(null)} />}
      {error && <Alert type="error" showIcon closable title={error} onClose={() => setError(null)} />}
    </Flex>
  );
}
