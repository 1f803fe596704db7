import path from 'node:path';

/**
 * An ESLint rule that keeps the packages and the web features apart, by the file each import
 * resolves to (relative paths are resolved; workspace packages are known by name):
 * - a web feature (`packages/web/src/features/<name>/`) never imports another feature;
 * - the web's shared `components/` and `lib/` never import a feature;
 * - `packages/contract` imports neither the server nor the web.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

const PACKAGES = {
  '@zorgportaal/contract': 'contract',
  '@zorgportaal/server': 'server',
  '@zorgportaal/web': 'web',
};

/** Where a file lives: its package, and for the web its feature or the shared folders. */
function placeOf(file) {
  const parts = path.relative(ROOT, file).split(path.sep);
  if (parts[0] !== 'packages' || !parts[1]) return { pkg: null };
  const pkg = parts[1];
  if (pkg === 'web' && parts[2] === 'src') {
    if (parts[3] === 'features' && parts[4] && parts.length > 5) return { pkg, feature: parts[4] };
    if (parts[3] === 'components' || parts[3] === 'lib') return { pkg, shared: parts[3] };
  }
  return { pkg };
}

function targetOf(filename, source) {
  if (source.startsWith('.')) return placeOf(path.resolve(path.dirname(filename), source));
  const name = source.split('/').slice(0, 2).join('/');
  return PACKAGES[name] ? { pkg: PACKAGES[name] } : null;
}

function problem(from, to) {
  if (from.pkg === 'contract' && (to.pkg === 'server' || to.pkg === 'web'))
    return `packages/contract imports neither the server nor the web (this imports ${to.pkg}).`;
  if (from.feature && to.feature && to.feature !== from.feature)
    return `Feature '${from.feature}' imports feature '${to.feature}': features never import each other; move what they share to components/ or lib/.`;
  if (from.shared && to.feature)
    return `${from.shared}/ imports feature '${to.feature}': shared code never depends on a feature.`;
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps web features apart and the contract free of server and web code.' },
    schema: [],
  },
  create(context) {
    const from = placeOf(path.resolve(context.filename));
    if (!from.pkg) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const to = targetOf(context.filename, source.value);
      const message = to && problem(from, to);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { imports: rule } };
