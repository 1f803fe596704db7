import { type PGlite, types } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../../../test/helpers/test-database.ts';
import { parseBytea, serializeBytea } from './pglite-bytea.ts';

/** Every byte value, a view into a larger buffer, and a chunk of a document's size. */
const allBytes = Uint8Array.from({ length: 256 }, (_, i) => i);
const view = new Uint8Array(Uint8Array.from({ length: 64 }, (_, i) => 255 - i).buffer, 10, 20);
const chunk = Uint8Array.from({ length: 256 * 1024 }, (_, i) => (i * 31) & 255);

describe('bytea on PGlite by Buffer', () => {
  it("writes the same text as PGlite's own serializer and reads back the same bytes as its parser", () => {
    const own = types as unknown as {
      serializers: Record<number, (v: unknown) => string>;
      parsers: Record<number, (t: string) => Uint8Array>;
    };
    for (const bytes of [allBytes, view, new Uint8Array(0)]) {
      const text = serializeBytea(bytes);
      expect(text).toBe(own.serializers[types.BYTEA]!(bytes));
      const back = parseBytea(text);
      expect(back).toEqual(own.parsers[types.BYTEA]!(text));
      expect(back.constructor).toBe(Uint8Array);
    }
    expect(() => serializeBytea('abc')).toThrow(/bytea/);
  });

  describe("in the portal's embedded database", () => {
    let copy: TestDatabase;
    let db: PGlite;
    beforeAll(async () => {
      copy = await testDatabase({ seed: false });
      db = copy.database.pglite!;
    });
    afterAll(() => copy.close());

    it('uses these codecs', () => {
      const client = db as unknown as {
        serializers: Record<number, unknown>;
        parsers: Record<number, unknown>;
      };
      expect(client.serializers[types.BYTEA]).toBe(serializeBytea);
      expect(client.parsers[types.BYTEA]).toBe(parseBytea);
    });

    it('stores a chunk as a parameter and reads it back byte for byte, as PostgreSQL sees it', async () => {
      await db.exec('create table blobs (id int primary key, data bytea not null)');
      await db.query('insert into blobs values (1, $1), (2, $2)', [chunk, view]);
      const { rows } = await db.query<{ data: Uint8Array; len: number; md5: string }>(
        'select data, length(data) as len, md5(data) as md5 from blobs order by id',
      );
      expect(rows.map((r) => r.len)).toEqual([chunk.byteLength, view.byteLength]);
      expect(Buffer.from(rows[0]!.data).equals(Buffer.from(chunk))).toBe(true);
      expect(rows[1]!.data).toEqual(view.slice());
      expect(rows[0]!.md5).toBe(createHash('md5').update(chunk).digest('hex'));
    });
  });
});
