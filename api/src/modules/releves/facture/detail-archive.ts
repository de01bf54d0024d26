/**
 * The guard of an XLSX detail before it is parsed: an XLSX is a ZIP archive, and a small archive may expand into
 * gigabytes (a « zip bomb ») that exceljs would inflate in memory. The central directory is read first (entry count,
 * declared sizes), then every entry is inflated with a ceiling on its output: the declared sizes are written by
 * whoever made the file and may lie, the inflated bytes do not. Anything beyond the caps is a 400, before exceljs
 * sees the file.
 */
import { inflateRawSync } from 'node:zlib';

export interface ArchiveLimits {
  /** Entries of the archive at most. */
  entries: number;
  /** Bytes of all entries once inflated, at most. */
  bytes: number;
}

export type ArchiveVerdict = 'ok' | 'illisible' | 'trop_d_entrees' | 'trop_gros';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The end-of-central-directory record: searched from the end (it is followed by a comment of 64 KiB at most). */
function endRecord(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--)
    if (zip.readUInt32LE(at) === EOCD) return at;
  return -1;
}

interface Entry {
  method: number;
  compressed: number;
  size: number;
  localOffset: number;
}

function entriesOf(zip: Buffer, limits: ArchiveLimits): Entry[] | ArchiveVerdict {
  const end = endRecord(zip);
  if (end < 0) return 'illisible';
  const count = zip.readUInt16LE(end + 10);
  const offset = zip.readUInt32LE(end + 16);
  // ZIP64 markers: a detail file of a few MiB never needs them.
  if (count === 0xffff || offset === 0xffffffff) return 'illisible';
  if (count > limits.entries) return 'trop_d_entrees';
  const entries: Entry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return 'illisible';
    entries.push({
      method: zip.readUInt16LE(at + 10),
      compressed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    });
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** Whether the archive stays within the limits once inflated, counted on the inflated bytes themselves. */
export function checkArchive(zip: Buffer, limits: ArchiveLimits): ArchiveVerdict {
  if (zip.length < 22) return 'illisible';
  const entries = entriesOf(zip, limits);
  if (!Array.isArray(entries)) return entries;
  if (entries.reduce((sum, entry) => sum + entry.size, 0) > limits.bytes) return 'trop_gros';
  let total = 0;
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) return 'illisible';
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressed);
    if (data.length !== entry.compressed) return 'illisible';
    let size: number;
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) {
      try {
        // One byte more than what is left: reaching it means the entry is bigger than the budget.
        size = inflateRawSync(data, { maxOutputLength: limits.bytes - total + 1 }).length;
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'trop_gros' : 'illisible';
      }
    } else return 'illisible';
    total += size;
    if (total > limits.bytes) return 'trop_gros';
  }
  return 'ok';
}
