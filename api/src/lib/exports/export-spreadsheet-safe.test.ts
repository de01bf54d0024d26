import { describe, expect, it } from 'vitest';
import { spreadsheetSafe } from './export-spreadsheet-safe';

describe('spreadsheetSafe', () => {
  it.each([
    ['=HYPERLINK("http://x.fr","clic")', `'=HYPERLINK("http://x.fr","clic")`],
    ['+33 6 12 34 56 78', "'+33 6 12 34 56 78"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('neutralises %j', (input, expected) => {
    expect(spreadsheetSafe(input)).toBe(expected);
  });

  it.each(['Diallo', 'Hôtel du Parc', '', ' =1', "'déjà cité", 'A=B', '33+1'])(
    'keeps %j as it is',
    (input) => {
      expect(spreadsheetSafe(input)).toBe(input);
    },
  );
});
