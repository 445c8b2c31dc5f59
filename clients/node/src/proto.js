'use strict';
/**
 * Loading the contract at run time: the package's own `proto/` folder holds the floorman.v1
 * protos (copied in from the repository's `proto/` by `npm run prepare`, which `npm ci` and
 * `npm pack` run, so an installed tarball carries them) and the two vendored google.rpc protos
 * (status, error details). floorman.v1 is loaded through @grpc/proto-loader for the stubs and
 * through protobufjs for the request checks (validate.js); google.rpc through protobufjs, to
 * decode the `grpc-status-details-bin` trailer.
 *
 * Messages are plain objects with lowerCamelCase field names (`requestId`,
 * `expectedSequence`), enums as their full names (`'GAME_RAZZ'`, `'ACTION_TYPE_RAISE'`; a
 * request may also give the number), int64 as JavaScript numbers (exact up to 2^53 - 1 minor
 * units), every field present with its default, and a oneof's case named by a virtual field
 * (`event.kind === 'deal'`).
 */
const fs = require('node:fs');
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const protobuf = require('protobufjs');

/** The package's proto folder: `floorman/v1/*.proto` and the vendored `google/rpc/*.proto`. */
const PACKAGE_PROTO_ROOT = path.resolve(__dirname, '..', 'proto');
const DEFAULT_PROTO_ROOT = PACKAGE_PROTO_ROOT;
const GOOGLE_RPC_ROOT = PACKAGE_PROTO_ROOT;

const FLOORMAN_FILES = [
  'floorman/v1/rules_service.proto',
  'floorman/v1/table_service.proto',
  'floorman/v1/audit_service.proto',
];

const LOADER_OPTIONS = Object.freeze({
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
});

const floormanCache = new Map();
const rootCache = new Map();

function protoRootOf(protoRoot) {
  const root = protoRoot || process.env.FLOORMAN_PROTO_DIR || DEFAULT_PROTO_ROOT;
  if (!fs.existsSync(path.join(root, FLOORMAN_FILES[0]))) {
    throw new Error(`no ${FLOORMAN_FILES[0]} under ${root}: in a checkout of the repository run `
      + '`npm run prepare` in clients/node (npm ci does), or pass protoRoot / FLOORMAN_PROTO_DIR');
  }
  return root;
}
let googleRpcRoot = null;

/**
 * The `floorman.v1` package: service constructors (`RulesService`, `TableService`,
 * `AuditService`) for @grpc/grpc-js.
 *
 * @param {string} [protoRoot] folder holding `floorman/v1/*.proto`; default: the
 *   `FLOORMAN_PROTO_DIR` environment variable, else the package's own `proto/`.
 * @returns {object} the loaded `floorman.v1` namespace.
 * @throws {Error} when the proto files cannot be read or parsed.
 */
function loadFloorman(protoRoot) {
  const root = protoRootOf(protoRoot);
  if (!floormanCache.has(root)) {
    const definition = protoLoader.loadSync(FLOORMAN_FILES, {
      ...LOADER_OPTIONS,
      includeDirs: [root],
    });
    floormanCache.set(root, grpc.loadPackageDefinition(definition).floorman.v1);
  }
  return floormanCache.get(root);
}

/**
 * The floorman.v1 protos as a protobufjs Root (lowerCamelCase field names, as the stubs take
 * them): the message and enum types the request checks read (validate.js).
 *
 * @param {string} [protoRoot] as for loadFloorman.
 * @returns {protobuf.Root}
 */
function loadFloormanRoot(protoRoot) {
  const dir = protoRootOf(protoRoot);
  if (!rootCache.has(dir)) {
    const root = new protobuf.Root();
    root.resolvePath = (origin, target) =>
      target.startsWith('google/protobuf/') ? target : path.join(dir, target);
    root.loadSync(FLOORMAN_FILES, { keepCase: false });
    root.resolveAll();
    rootCache.set(dir, root);
  }
  return rootCache.get(dir);
}

/**
 * The protobufjs root holding `google.rpc.Status`, `ErrorInfo`, `BadRequest` and the other
 * standard error details (the google/protobuf imports come with protobufjs).
 *
 * @returns {protobuf.Root}
 */
function loadGoogleRpc() {
  if (googleRpcRoot === null) {
    const root = new protobuf.Root();
    root.resolvePath = (origin, target) =>
      target.startsWith('google/protobuf/') ? target : path.join(GOOGLE_RPC_ROOT, target);
    root.loadSync(['google/rpc/status.proto', 'google/rpc/error_details.proto']);
    googleRpcRoot = root;
  }
  return googleRpcRoot;
}

module.exports = {
  DEFAULT_PROTO_ROOT, FLOORMAN_FILES, LOADER_OPTIONS, loadFloorman, loadFloormanRoot, loadGoogleRpc,
};
