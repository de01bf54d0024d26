/**
 * The rows written of the streamed exports under way, by the id their client gave (EXPORT_ID_HEADER), so that the
 * screen can show « 1 250 / 2 920 lignes » while the file arrives (GET EXPORT_PROGRESS_PATH/:id). Per API process:
 * behind several nodes a poll that reaches another node gets 404 and the screen shows its stages only. An entry
 * lives while its export runs: it ends with the file sent, the client gone or a failure.
 */
export interface ExportProgressEntry {
  ecrites: number;
  total: number;
}

export class ExportProgress {
  private readonly running = new Map<string, ExportProgressEntry>();

  /** Registers an export; `add` counts rows rendered, `end` forgets it. */
  start(userId: number, id: string, total: number): { add: (rows: number) => void; end: () => void } {
    const key = `${userId}:${id}`;
    const entry: ExportProgressEntry = { ecrites: 0, total };
    this.running.set(key, entry);
    return {
      add: (rows) => {
        entry.ecrites = Math.min(entry.total, entry.ecrites + rows);
      },
      end: () => {
        if (this.running.get(key) === entry) this.running.delete(key);
      },
    };
  }

  /** The export `id` of `userId` while it runs (another user's is never found). */
  read(userId: number, id: string): ExportProgressEntry | undefined {
    return this.running.get(`${userId}:${id}`);
  }
}
