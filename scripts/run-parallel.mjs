// Runs the given npm scripts at the same time and fails if any fails. `npm test`'s checks (typecheck, eslint,
// prettier, depcruise) are single-threaded and independent, so on two cores they take half the time together;
// the browser tests mostly wait (on Chromium and the portals), so they run beside the CPU-bound API tests.
// Each script's output is printed as one block when it ends, so the logs do not interleave; with --stream every
// line is printed as it comes, prefixed with its script's name (for long runs: a hung test shows where it hangs).
// Run: node scripts/run-parallel.mjs [--stream] typecheck lint:eslint …
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const stream = args[0] === '--stream';
const scripts = stream ? args.slice(1) : args;
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs [--stream] <npm script> …');
  process.exit(2);
}

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    for (const pipe of [child.stdout, child.stderr]) {
      if (stream)
        createInterface({ input: pipe }).on('line', (line) => process.stdout.write(`[${script}] ${line}\n`));
      else pipe.on('data', (chunk) => output.push(chunk));
    }
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      const verdict = code === 0 ? 'ok' : `failed (exit code ${code})`;
      process.stdout.write(`\n> ${script}: ${verdict} in ${seconds} s\n${text ? `${text}\n` : ''}`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
