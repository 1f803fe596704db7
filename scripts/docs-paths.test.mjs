import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every file or folder path the docs name in `code` must exist, so the docs stay true when code moves.
const ROOT = path.resolve(import.meta.dirname, '..');
// Every file and folder of the repository (without dependencies, builds and data), as paths from the root.
function repoPaths(dir = ROOT, prefix = '', out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (/^(node_modules|dist|data|\.git|coverage)$/.test(entry.name)) continue;
    const rel = prefix + entry.name;
    if (entry.isDirectory()) {
      out.push(`${rel}/`);
      repoPaths(path.join(dir, entry.name), `${rel}/`, out);
    } else out.push(rel);
  }
  return out;
}

const FILE_LIKE = /\.(ts|tsx|mjs|cjs|js|json|css|md|sql|csv|html)$/;

/** The `code` spans of a markdown text that look like a path: a slash or a file extension, no placeholder. */
export function namedPaths(markdown) {
  // A worked example names files that do not exist yet: it sits between these two markers.
  const text = markdown.replace(/<!-- example paths -->[\s\S]*?<!-- \/example paths -->/g, '');
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m.groups?.[0] ?? m[1]);
  return spans
    .map((span) =>
      span
        .trim()
        .replace(/[),.:;]+$/, '')
        .replace(/^(\.\.?\/)+/, ''),
    )
    .filter((span) => !/[\s<>*{}$|=()]|^[a-z]+:|^@|^\.\.\.|^-|^[A-Z_]+\//.test(span))
    .filter((span) => FILE_LIKE.test(span) || (span.includes('/') && span.endsWith('/')))
    .filter((span) => !span.startsWith('/')) // URL paths of the API and the SPA, not files
    .filter((span) => !/^(dist\/|main\.js$)/.test(span)); // build output
}

/** A named path exists when a repository path is it or ends with it (docs often name a path from its area). */
const existsIn = (paths) => (named) =>
  paths.some((p) => p === named || p.endsWith(`/${named}`) || p === `${named}/` || p.endsWith(`/${named}/`));

describe('docs name paths that exist', () => {
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`)
    .concat('README.md');

  const exists = existsIn(repoPaths());

  it.each(docs)('%s', (doc) => {
    const missing = namedPaths(readFileSync(path.join(ROOT, doc), 'utf8')).filter((p) => !exists(p));
    expect(missing).toEqual([]);
  });

  it('finds paths in code spans and skips placeholders and URLs', () => {
    expect(
      namedPaths(
        'see `areas/<x>/public.ts`, `lib/toast.ts`, `/api/patients`, `npm test`, `https://x.nl/a.md` and `docs/`.',
      ),
    ).toEqual(['lib/toast.ts', 'docs/']);
  });
});
