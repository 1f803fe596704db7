// Runs the given npm scripts at the same time and fails if any fails: `npm test`'s checks (typecheck, eslint,
// prettier, depcruise) are single-threaded and independent, so on two cores they take half the time together;
// its two Vitest runs (the browser tests, and every other suite at a lower CPU priority) fill both cores.
// By default each script's output is printed as one block when it ends, so the logs do not interleave; with
// `--stream` every line is printed as it comes, prefixed with its script's name (for long runs such as the
// test suites, whose progress a CI log should show while they run).
// Run: node scripts/run-parallel.mjs [--stream] typecheck lint:eslint …
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const stream = args[0] === '--stream';
const scripts = stream ? args.slice(1) : args;
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs [--stream] <npm script> …');
  process.exit(2);
}

/** Writes whole lines with the script's name in front; a partial line waits for its end. */
function linePrinter(script) {
  let pending = '';
  const print = (text) => {
    const lines = (pending + text).split('\n');
    pending = lines.pop() ?? '';
    if (lines.length > 0) process.stdout.write(lines.map((line) => `[${script}] ${line}\n`).join(''));
  };
  return { print, flush: () => pending && print('\n') };
}

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    const printer = linePrinter(script);
    // Text, not bytes, so a character split between two chunks is decoded whole.
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    const take = (text) => (stream ? printer.print(text) : output.push(text));
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) => take(`${error.message}\n`));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'ok' : `failed (exit code ${code})`;
      if (stream) {
        printer.flush();
        process.stdout.write(`\n> ${script}: ${verdict} in ${seconds} s\n`);
      } else {
        const text = output.join('').trimEnd();
        process.stdout.write(`\n> ${script}: ${verdict} in ${seconds} s\n${text ? `${text}\n` : ''}`);
      }
      resolve(code === 0);
    });
  });

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
