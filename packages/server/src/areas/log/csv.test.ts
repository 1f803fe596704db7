import type { LogRow } from '@zorgportaal/contract';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvLineOfCells } from './csv.ts';

describe('csvCell', () => {
  it('writes plain text and numbers as they are, and nothing for null', () => {
    expect(csvCell('Zoë de Vries')).toBe('Zoë de Vries');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('2026-03-01T00:00:00.000Z')).toBe('2026-03-01T00:00:00.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('defuses what a spreadsheet would run as a formula, and quotes separators, quotes and line ends', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}1`)).toBe(`'${start}1`);
    expect(csvCell('\r1')).toBe(`"'\r1"`); // a carriage return is a line end too
    expect(csvCell('=SUM(A1;A2)')).toBe(`"'=SUM(A1;A2)"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell({ Tekst: 'a,b' })).toBe('"{""Tekst"":""a,b""}"');
  });
});

describe('csvLineOfCells', () => {
  it("writes the database's text cells as csvLine writes the screen's row", () => {
    const row = {
      EventId: '0b6c7f5e-1c1f-4f55-9f0e-2a1d2c3b4a59',
      EventAt: '2026-03-01T00:00:00.123Z',
      Action: 'R',
      Outcome: 'success',
      UserId: 7,
      Username: '=vulling',
      Role: 'Beheerder',
      EntityId: 2,
      EntityName: 'Zorgcentrum De Berk',
      ResponsibleUserId: null,
      Ip: '10.0.0.1',
      ObjectType: 'person',
      ObjectId: 'a,b',
      PatientId: 12,
      Detail: { N: 1, Tekst: 'a "b"\nZoë' },
    } as unknown as LogRow;
    const cells = [
      row.EventId,
      row.EventAt,
      'R',
      'success',
      '7',
      '=vulling',
      'Beheerder',
      '2',
      'Zorgcentrum De Berk',
      null,
      '10.0.0.1',
      'person',
      'a,b',
      '12',
      '{"N": 1, "Tekst": "a \\"b\\"\\nZoë"}', // jsonb's text, with its spaces
    ];
    expect(csvLineOfCells(cells)).toBe(csvLine(row));
  });
});
