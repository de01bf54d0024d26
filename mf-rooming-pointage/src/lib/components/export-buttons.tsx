import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Progress } from 'antd';
import { exportFileName, formatPercent } from 'shared';
import { useFileDownload } from 'shared/ui';
import { ROOMING_EXPORTS } from 'shared/contract/values';
import type { RoomingExportKey } from 'shared/contract';

export interface ExportButtonsProps {
  /** The exports of the screen, in order (its PDF and its Excel). */
  keys: readonly RoomingExportKey[];
  /** The screen's filters: the export holds every matching row. */
  body: object;
  /** Prefix of the name kept when the server names no file (`rooming-etab` → `rooming-etab-YYYY-MM-DD.pdf`). */
  name: string;
  /** Why the exports are not available yet (e.g. the period is missing), shown as the buttons' tooltip. */
  disabledReason?: string;
}

/** One button per export with its progress; the file is saved under the name the server gives. */
export function ExportButtons({ keys, body, name, disabledReason }: ExportButtonsProps) {
  const download = useFileDownload<RoomingExportKey>();
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} align="center" role="group" aria-label="Exports">
        {keys.map((key) => {
          const { path, extension, label } = ROOMING_EXPORTS[key];
          return (
            <Button
              key={key}
              icon={<DownloadOutlined />}
              loading={download.running === key}
              disabled={
                disabledReason !== undefined || (download.running !== null && download.running !== key)
              }
              title={disabledReason}
              onClick={() =>
                void download.start(
                  key,
                  path,
                  { method: 'POST', body, fallbackName: exportFileName(name, extension) },
                  label,
                )
              }
            >
              {label}
            </Button>
          );
        })}
        {download.running !== null && (
          <span role="status" aria-live="polite" style={{ minWidth: 140 }}>
            {download.progress === null ? (
              'Préparation du fichier…'
            ) : (
              <Progress
                percent={download.progress}
                format={(percent) => formatPercent(percent, { decimals: 0 })}
                size="small"
                aria-label="Progression de l'export"
              />
            )}
          </span>
        )}
      </Flex>
      {download.error && (
        <Alert type="error" showIcon closable title={download.error} onClose={download.clearError} />
      )}
    </Flex>
  );
}
