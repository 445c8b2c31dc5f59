'use strict';
/**
 * The Node.js client's channel security against a small grpc-js RulesService in this process
 * (test certificates made with openssl in a temporary folder): TLS verified against a CA file,
 * the bearer token in the `authorization` metadata, mutual TLS, and refusals.
 */
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { after, before, test } = require('node:test');
const grpc = require('@grpc/grpc-js');
const { FloormanClient, NO_RETRIES, UnavailableError, loadFloorman } = require('..');

let dir = null;
const servers = [];
const seen = [];

function openssl(...args) {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

function issue(name, subject, extension) {
  openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
  fs.writeFileSync(path.join(dir, `${name}.ext`), `${extension}\n`);
  openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key',
    '-CAcreateserial', '-out', `${name}.pem`, '-days', '2', '-extfile', `${name}.ext`);
}

const file = (name) => path.join(dir, name);
const read = (name) => fs.readFileSync(file(name));

/** A TLS server whose EvaluateHand records the caller's authorization metadata. */
function serve(requireClientCert) {
  const server = new grpc.Server();
  server.addService(loadFloorman().RulesService.service, {
    evaluateHand(call, callback) {
      seen.push({ authorization: call.metadata.get('authorization')[0] });
      callback(null, { high: { description: 'seen' } });
    },
  });
  const credentials = grpc.ServerCredentials.createSsl(
    requireClientCert ? read('ca.pem') : null,
    [{ private_key: read('server.key'), cert_chain: read('server.pem') }],
    requireClientCert,
  );
  return new Promise((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', credentials, (error, port) => {
      if (error) reject(error);
      else {
        servers.push(server);
        resolve(port);
      }
    });
  });
}

let tlsPort;
let mtlsPort;
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

before(async () => {
  if (!hasOpenssl) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floorman-tls-'));
  openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=floorman test CA');
  issue('server', '/CN=localhost', 'subjectAltName=DNS:localhost,IP:127.0.0.1');
  issue('client', '/CN=terminal-7', 'extendedKeyUsage=clientAuth');
  tlsPort = await serve(false);
  mtlsPort = await serve(true);
});

after(() => {
  for (const server of servers) server.forceShutdown();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function evaluate(target, options) {
  const client = new FloormanClient(target, { retry: NO_RETRIES, timeoutMs: 5_000, ...options });
  try {
    return (await client.rules.evaluateHand({ game: 'razz', cards: 'As 2c 3d 4h 7s' })).high.description;
  } finally {
    client.close();
  }
}

const skip = hasOpenssl ? false : 'openssl is not installed: cannot make test certificates';

test('TLS verified against a CA file; the bearer token arrives', { skip }, async () => {
  assert.equal(await evaluate(`localhost:${tlsPort}`, { rootCert: file('ca.pem'), token: 'tok-9' }), 'seen');
  assert.equal(seen.at(-1).authorization, 'Bearer tok-9');
});

test('TLS to 127.0.0.1 with PEM bytes and a server name override', { skip }, async () => {
  const options = { rootCert: read('ca.pem'), serverName: 'localhost' };
  assert.equal(await evaluate(`127.0.0.1:${tlsPort}`, options), 'seen');
  assert.equal(seen.at(-1).authorization, undefined);
});

test('a plaintext client and an untrusting client are refused (UNAVAILABLE)', { skip }, async () => {
  await assert.rejects(evaluate(`127.0.0.1:${tlsPort}`, {}), UnavailableError);
  await assert.rejects(evaluate(`localhost:${tlsPort}`, { tls: true }), UnavailableError);
});

test('mutual TLS: accepted with the client certificate, refused without', { skip }, async () => {
  const options = { rootCert: file('ca.pem'), certChain: file('client.pem'), privateKey: file('client.key') };
  assert.equal(await evaluate(`localhost:${mtlsPort}`, options), 'seen');
  await assert.rejects(evaluate(`localhost:${mtlsPort}`, { rootCert: file('ca.pem') }), UnavailableError);
});
