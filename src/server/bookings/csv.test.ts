import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Asha Rao')).toBe('Asha Rao');
    expect(csvCell(250000)).toBe('250000');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvCell('She said "yes"')).toBe('"She said ""yes"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('turns anything a spreadsheet would run as a formula into text', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+91 98765 43210')).toBe("'+91 98765 43210");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    // Only at the start: an e-mail address or a sum in the middle of a note stays as typed.
    expect(csvCell('asha@example.com')).toBe('asha@example.com');
    expect(csvCell('1+1=2')).toBe('1+1=2');
  });
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['Name', 'Email'],
        [
          ['Asha', 'asha@example.com'],
          ['=cmd', 'x@example.com'],
        ],
      ),
    ).toBe("Name,Email\r\nAsha,asha@example.com\r\n'=cmd,x@example.com\r\n");
  });
});
