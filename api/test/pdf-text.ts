/**
 * Test helper: reads back what a pdfkit document shows. Inflates the FlateDecode content streams, takes the
 * strings of every Tj / TJ text operator (pdfkit writes hex strings in WinAnsi for the standard fonts) and decodes
 * them; counts the pages. Enough for pdfkit's own output, not a general PDF parser.
 */
import { inflateSync } from 'node:zlib';

/** WinAnsi 0x80–0x9F (the rest is Latin-1). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

const decodeHex = (hex: string) =>
  [...Buffer.from(hex.replace(/\s/g, ''), 'hex')]
    .map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte))
    .join('');

/** Content streams of the file, inflated when compressed. */
function contentStreams(pdf: Buffer): string[] {
  const streams: string[] = [];
  const raw = pdf.toString('latin1');
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(raw); match !== null; match = pattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    const dictionary = match[1] ?? '';
    streams.push(
      dictionary.includes('/FlateDecode') ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1'),
    );
  }
  return streams;
}

/** Every string a text operator shows, in drawing order (one entry per Tj / TJ). */
export function pdfTexts(pdf: Buffer): string[] {
  const texts: string[] = [];
  for (const stream of contentStreams(pdf))
    for (const match of stream.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj/g)) {
      const hexes =
        match[1] === undefined
          ? [match[2] ?? '']
          : [...match[1].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => m[1] ?? '');
      texts.push(hexes.map(decodeHex).join(''));
    }
  return texts;
}

export function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}
