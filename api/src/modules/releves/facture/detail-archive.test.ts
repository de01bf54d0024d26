import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkArchive } from './detail-archive';
import { zipOf } from './detail-archive.fixture';

const LIMITS = { entries: 20, bytes: 1024 * 1024 };

describe('checkArchive', () => {
  it('lets a real workbook through', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Détail').addRow(['Nom', 'Date', 'PU HT', 'TVA']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(checkArchive(xlsx, LIMITS)).toBe('ok');
  });

  it('refuses an archive that expands beyond the cap, whether its headers tell the truth or lie', () => {
    const bomb = Buffer.alloc(LIMITS.bytes + 1, 0);
    const honest = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: bomb }]);
    expect(honest.length).toBeLessThan(10 * 1024);
    expect(checkArchive(honest, LIMITS)).toBe('trop_gros');
    const lying = zipOf([{ name: 'xl/worksheets/sheet1.xml', content: bomb, declared: 100 }]);
    expect(checkArchive(lying, LIMITS)).toBe('trop_gros');
    // Several entries each under the cap, together above it.
    const half = Buffer.alloc(LIMITS.bytes / 2 + 1, 0);
    const split = zipOf([
      { name: 'a.xml', content: half, declared: 1 },
      { name: 'b.xml', content: half, declared: 1 },
    ]);
    expect(checkArchive(split, LIMITS)).toBe('trop_gros');
    expect(checkArchive(zipOf([{ name: 'a.xml', content: half }]), LIMITS)).toBe('ok');
  });

  it('refuses too many entries, and what is not a ZIP archive', () => {
    const many = Array.from({ length: LIMITS.entries + 1 }, (_, index) => ({
      name: `e${index}.xml`,
      content: Buffer.from('<a/>'),
    }));
    expect(checkArchive(zipOf(many), LIMITS)).toBe('trop_d_entrees');
    expect(checkArchive(zipOf(many.slice(0, LIMITS.entries)), LIMITS)).toBe('ok');
    expect(checkArchive(Buffer.from('pas un classeur, mais un texte assez long'), LIMITS)).toBe('illisible');
    const truncated = zipOf([{ name: 'a.xml', content: Buffer.alloc(1000, 1) }]);
    expect(checkArchive(truncated.subarray(10), LIMITS)).toBe('illisible');
  });
});
