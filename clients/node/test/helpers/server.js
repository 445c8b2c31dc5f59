'use strict';
/**
 * Starts the real Python server for the tests: `floorman serve` on an ephemeral loopback port
 * with a SQLite store in a temporary folder; the port comes from its `server_started` JSON log
 * line on stdout. FLOORMAN_BIN names the executable (default: the repository's
 * `.venv/bin/floorman`); other FLOORMAN_* variables are not passed on.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

/**
 * @param {string[]} [extraArgs] more `floorman serve` flags (they win: given last).
 * @returns {Promise<{address: string, port: number, logs: object[], stderr: () => string,
 *   stop: () => Promise<number|null>}>} `stop` sends SIGTERM and resolves to the exit code.
 */
function startServer(extraArgs = []) {
  const bin = process.env.FLOORMAN_BIN || path.join(REPO_ROOT, '.venv', 'bin', 'floorman');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floorman-node-'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('FLOORMAN_')),
  );
  const args = ['serve', '--listen', '127.0.0.1:0', '--metrics-listen', 'off',
    '--store', `sqlite:///${path.join(dir, 'node.db')}`, '--log-level', 'info', ...extraArgs];
  const child = spawn(bin, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    let timer;
    const timeout = new Promise((resolve) => { timer = setTimeout(resolve, STOP_TIMEOUT_MS, 'timeout'); });
    const code = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    if (code === 'timeout') {
      child.kill('SIGKILL');
      await exited;
      return null;
    }
    fs.rmSync(dir, { recursive: true, force: true });
    return code;
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no server_started line within ${STARTUP_TIMEOUT_MS} ms; stderr:\n${stderr}`));
    }, STARTUP_TIMEOUT_MS);
    child.on('error', (error) => { clearTimeout(timer); reject(error); });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`floorman serve exited with ${code} before starting; stderr:\n${stderr}`));
    });
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      let record;
      try {
        record = JSON.parse(line);
      } catch {
        record = { event: 'non_json_output', raw: line };
      }
      logs.push(record);
      if (record.event === 'server_started') {
        clearTimeout(timer);
        resolve({
          address: `127.0.0.1:${record.port}`,
          port: record.port,
          logs,
          stderr: () => stderr,
          stop,
        });
      }
    });
  });
}

module.exports = { REPO_ROOT, startServer };
