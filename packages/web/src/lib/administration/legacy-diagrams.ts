import { DIAGRAM_TITLE_MAX, diagramCreateSchema, type DiagramCreate } from '@zorgportaal/contract';
import { ApiRequestError } from '../api-errors.ts';
import { getAccount } from '../session.ts';

/** Where Diagrammen kept diagrams before the server stored them: per user, in this browser only. */
export const legacyDiagramsKey = (username: string) => `zorgportaal.diagrams.${username}`;

/** An old entry as the server's body, or null when it no longer makes a diagram. */
export function legacyBody(entry: unknown): DiagramCreate | null {
  const old = (entry ?? {}) as Record<string, unknown>;
  const parsed = diagramCreateSchema.safeParse({
    Title: typeof old.Title === 'string' ? old.Title.slice(0, DIAGRAM_TITLE_MAX) : old.Title,
    Definition: {
      Measure: old.Measure,
      GroupBy: old.GroupBy,
      PeriodDays: old.PeriodDays,
      DepartmentId: old.DepartmentId ?? null,
    },
  });
  return parsed.success ? parsed.data : null;
}

function readEntries(key: string): unknown[] | null {
  const text = window.localStorage.getItem(key);
  if (text === null) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Moves the signed-in user's diagrams from this browser to the server, oldest first. An entry the
 * server refuses as invalid (400, 422: e.g. a department no longer visible) is dropped: it can never be
 * stored. Anything else (no connection, the organisation's limit, a server error) keeps that entry and
 * the rest for the next time. Answers how many were stored.
 */
async function importLegacy(create: (body: DiagramCreate) => Promise<unknown>): Promise<number> {
  const username = getAccount()?.Username;
  if (!username) return 0;
  const key = legacyDiagramsKey(username);
  const entries = readEntries(key);
  if (entries === null) return 0;
  let stored = 0;
  let left: unknown[] = [];
  for (const [index, entry] of entries.entries()) {
    const body = legacyBody(entry);
    if (!body) continue;
    try {
      await create(body);
      stored++;
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 400 || error.status === 422)) continue;
      left = entries.slice(index);
      break;
    }
  }
  if (left.length > 0) window.localStorage.setItem(key, JSON.stringify(left));
  else window.localStorage.removeItem(key);
  return stored;
}

let running: Promise<number> | null = null;

/**
 * The one-time move, one run at a time: a second call while it runs (React's double effect, two lists)
 * joins it instead of sending the same diagrams again, and `onStored` is told once.
 */
export function importLegacyDiagrams(
  create: (body: DiagramCreate) => Promise<unknown>,
  onStored: (count: number) => void,
): Promise<number> {
  running ??= importLegacy(create)
    .then((count) => {
      if (count > 0) onStored(count);
      return count;
    })
    .finally(() => {
      running = null;
    });
  return running;
}
