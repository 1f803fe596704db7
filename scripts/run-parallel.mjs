// Runs the given npm scripts at the same time and fails if any fails: `npm test`'s checks (typecheck, eslint,
// oxfmt, depcruise) are mostly single-threaded and independent, so on two cores they take half the time together;
// its two Vitest runs (the browser tests, and every other suite at a lower CPU priority) fill both cores.
// By default each script's output is printed as one block when it ends, so the logs do not interleave; with
// `--stream` every line is printed as it comes, prefixed with its script's name (for long runs such as the
// test suites, whose progress a CI log should show while they run). Whatever the mode, a failed script's
// failure lines and its last lines are printed again once every script has ended: a CI log is often read
// from its end, and there a failure must not hide behind another script's later, passing output.
// Run: node scripts/run-parallel.mjs [--stream] typecheck lint:eslint …
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const stream = args[0] === '--stream';
const scripts = stream ? args.slice(1) : args;
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs [--stream] <npm script> …');
  process.exit(2);
}

const TAIL_LINES = 25;
const MAX_FAILURE_LINES = 40;
const MAX_ERROR_LINES = 10;
// What Vitest, tsc, eslint and npm print on a failing line, colours stripped; any "Error:" line is kept
// apart and only a few of them, since tests log expected errors too.
const FAILURE_LINE = /(^|\s)(FAIL|×|✗)\s|AssertionError|error TS\d|npm error|Unhandled/;
const ERROR_LINE = /Error:/;
// eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters by definition
const ANSI = /\u001b\[[0-9;]*m/g;

/** Keeps a script's failure lines (the first few) and its last lines, for the digest at the end. */
function failureDigest() {
  const failures = [];
  const errors = [];
  const tail = [];
  const add = (line) => {
    const plain = line.replace(ANSI, '');
    if (FAILURE_LINE.test(plain)) {
      if (failures.length < MAX_FAILURE_LINES) failures.push(plain);
    } else if (ERROR_LINE.test(plain) && errors.length < MAX_ERROR_LINES) {
      errors.push(plain);
    }
    tail.push(plain);
    if (tail.length > TAIL_LINES) tail.shift();
  };
  return { add, lines: () => [...failures, ...errors, '…', ...tail] };
}

/** Writes whole lines with the script's name in front; a partial line waits for its end. */
function linePrinter(script, digest) {
  let pending = '';
  const print = (text) => {
    const lines = (pending + text).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) digest.add(line);
    if (stream && lines.length > 0)
      process.stdout.write(lines.map((line) => `[${script}] ${line}\n`).join(''));
  };
  return { print, flush: () => pending && print('\n') };
}

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    const digest = failureDigest();
    const printer = linePrinter(script, digest);
    // Text, not bytes, so a character split between two chunks is decoded whole.
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    const take = (text) => {
      printer.print(text);
      if (!stream) output.push(text);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (error) => take(`${error.message}\n`));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'ok' : `failed (exit code ${code})`;
      printer.flush();
      if (stream) {
        process.stdout.write(`\n> ${script}: ${verdict} in ${seconds} s\n`);
      } else {
        const text = output.join('').trimEnd();
        process.stdout.write(`\n> ${script}: ${verdict} in ${seconds} s\n${text ? `${text}\n` : ''}`);
      }
      resolve({ script, ok: code === 0, digest });
    });
  });

const results = await Promise.all(scripts.map(run));
const failed = results.filter((result) => !result.ok);
for (const { script, digest } of failed) {
  const lines = digest.lines().map((line) => `  ${line}`);
  process.stdout.write(
    `\n> ${script} FAILED; its failure lines, then its last lines:\n${lines.join('\n')}\n`,
  );
}
process.exit(failed.length === 0 ? 0 : 1);
