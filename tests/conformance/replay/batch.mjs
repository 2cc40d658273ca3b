// threeanim's side of a conformance run: `threeanim replay` on replay files,
// one process for a batch (`replay --each`, docs/replay.md) or one a file.
// Each answer is { status, signal, timedOut, stdout, stderr } (spawnError
// when the command could not run at all).
import fs from 'node:fs';
import { spawn } from 'node:child_process';

export function runCli(cli, replayFile, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(cli, ['replay', replayFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [], err = [];
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', (e) => { clearTimeout(timer); resolve({ status: null, signal: null, stdout: '', stderr: String(e.message), spawnError: true }); });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, timedOut, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

// Runs replayFiles in one threeanim process (`replay --each`), each file's
// outputs written beside it, and returns runCli's answer for each. A file the
// batch did not finish (a crash or a timeout ends the process) is run again on
// its own, so that its answer is its own.
export async function runBatch(cli, replayFiles, timeoutMs) {
  for (const f of replayFiles) for (const x of ['stdout', 'stderr', 'status']) fs.rmSync(`${f}.${x}`, { force: true });
  const whole = await new Promise((resolve) => {
    const child = spawn(cli, ['replay', '--each', ...replayFiles], { stdio: ['ignore', 'ignore', 'pipe'] });
    const err = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs * replayFiles.length);
    child.stderr.on('data', (d) => err.push(d));
    child.on('error', (e) => { clearTimeout(timer); resolve({ status: null, stderr: String(e.message), spawnError: true }); });
    child.on('close', (status) => { clearTimeout(timer); resolve({ status, stderr: Buffer.concat(err).toString('utf8') }); });
  });
  if (whole.spawnError) return replayFiles.map(() => ({ status: null, signal: null, stdout: '', stderr: whole.stderr, spawnError: true }));
  // A status of its own (not a signal's null) means the command refused the batch itself.
  if (whole.status !== 0 && whole.status !== null) {
    const stderr = `threeanim replay --each ended with status ${whole.status}: ${whole.stderr.trim().slice(0, 300)}`;
    return replayFiles.map(() => ({ status: null, signal: null, stdout: '', stderr, spawnError: true }));
  }
  const results = [];
  for (const f of replayFiles) {
    let status = null;
    try { status = Number(fs.readFileSync(`${f}.status`, 'utf8')); } catch { /* not finished */ }
    if (status === null || !Number.isInteger(status)) {
      results.push(await runCli(cli, f, timeoutMs));
      continue;
    }
    results.push({ status, signal: null, timedOut: false,
      stdout: fs.readFileSync(`${f}.stdout`, 'utf8'), stderr: fs.readFileSync(`${f}.stderr`, 'utf8') });
  }
  for (const f of replayFiles) for (const x of ['stdout', 'stderr', 'status']) fs.rmSync(`${f}.${x}`, { force: true });
  return results;
}

// replayFiles split over `jobs` processes run side by side; the answers in
// replayFiles' order.
export async function runBatches(cli, replayFiles, jobs, timeoutMs) {
  const answers = new Array(replayFiles.length);
  const count = Math.max(1, Math.min(jobs, replayFiles.length));
  await Promise.all(Array.from({ length: count }, async (_, b) => {
    const mine = replayFiles.map((f, i) => i).filter((i) => i % count === b);
    if (mine.length === 0) return;
    const got = await runBatch(cli, mine.map((i) => replayFiles[i]), timeoutMs);
    mine.forEach((i, k) => { answers[i] = got[k]; });
  }));
  return answers;
}
