import type { PatientListQuery } from '@zorgportaal/contract';
import type { Db } from '../../platform/db/client.ts';
import type { Scope } from '../../platform/scope.ts';
import { clientListVersion } from './queries/client-list-version.ts';
import { type ClientListAnswer, listPatientsJsonOf } from './queries/patient-list-json.ts';
import { clientFilter } from './queries/patients.ts';
import { clientsInView } from './queries/patient-list.ts';

/** How many bytes of client lists an instance keeps (JSON; a ward's list of 22 clients is 10 KB). */
export const CLIENT_LIST_CACHE_BYTES = 16 * 1024 * 1024;

interface Entry {
  version: string;
  answer: Promise<ClientListAnswer>;
  bytes: number;
}

/** Bytes an entry holds: its JSON (two bytes a character at most), its ids and the entry itself. */
const entryBytes = (answer: ClientListAnswer) => answer.json.length * 2 + answer.ids.length * 8 + 256;

/**
 * The client lists (GET /api/patients) this instance last read, one per scope and filter, each answered again
 * while the version of its scope's care centres is the one it was read at (queries/client-list-version.ts: a
 * read of a few counter rows instead of the clients): every tablet of a ward and every refresh of the list gets
 * it from memory until a client, a person or a name it shows changes, on any instance. The version is read before
 * the list, so a kept list is never older than its version. A search (`q`) is not kept: each keystroke is a list
 * of its own that nobody asks again. The least recently used lists are dropped beyond `maxBytes` (0: none kept).
 */
export function createKeptClientLists(maxBytes = CLIENT_LIST_CACHE_BYTES) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  return {
    get bytes() {
      return bytes;
    },
    async answer(db: Db, scope: Scope, query: PatientListQuery): Promise<ClientListAnswer> {
      const filter = clientFilter(query);
      const view = clientsInView(scope, filter);
      if (maxBytes === 0 || filter.like !== null) return listPatientsJsonOf(db, view);
      // The filter's shape and every value of the statement, the scope's included: the list's whole identity.
      const key = `${view.shape}${JSON.stringify(view.values)}`;
      const version = await clientListVersion(db, view.values);
      const kept = entries.get(key);
      if (kept?.version === version) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, kept);
        return kept.answer;
      }
      drop(key);
      const entry: Entry = { version, answer: listPatientsJsonOf(db, view), bytes: 0 };
      entries.set(key, entry);
      try {
        const answer = await entry.answer;
        if (entries.get(key) === entry) {
          entry.bytes = entryBytes(answer);
          bytes += entry.bytes;
          for (const oldest of entries.keys()) {
            if (bytes <= maxBytes) break;
            drop(oldest);
          }
        }
        return answer;
      } catch (err) {
        if (entries.get(key) === entry) drop(key);
        throw err;
      }
    },
  };
}
