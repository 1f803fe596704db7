// `npm run bench`: runs every benchmark script of the packages (packages/*/bench/*.ts) one after another, but
// the round simulation (`npm run bench:round`) and the failover of the primary (`npm run bench:failover`).
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benches = readdirSync(path.join(root, 'packages'))
  .map((pkg) => path.join('packages', pkg, 'bench'))
  .filter((dir) => existsSync(path.join(root, dir)))
  .flatMap((dir) =>
    readdirSync(path.join(root, dir))
      // These two start their own topology (the failover one its own PostgreSQL pair) and need the build.
      .filter((f) => f.endsWith('.ts') && f !== 'round.ts' && f !== 'failover.ts')
      .map((f) => path.join(dir, f)),
  )
  .sort();

let failed = false;
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const result = spawnSync('npx', ['tsx', bench, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
