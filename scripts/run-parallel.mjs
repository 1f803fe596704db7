// Runs the given npm scripts at the same time and fails if any fails: `npm test`'s checks (typecheck, eslint,
// prettier, depcruise) are single-threaded and independent, so on two cores they take half the time together.
// Each script's output is printed as one block when it ends, so the logs do not interleave.
// Run: node scripts/run-parallel.mjs typecheck lint:eslint …
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> …');
  process.exit(2);
}

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
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
