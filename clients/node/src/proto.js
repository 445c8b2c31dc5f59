'use strict';
/**
 * Loading the contract at run time: the repository's `proto/` (floorman.v1) through
 * @grpc/proto-loader, and the two vendored google.rpc protos (status, error details) through
 * protobufjs, to decode the `grpc-status-details-bin` trailer.
 *
 * Messages are plain objects with lowerCamelCase field names (`requestId`,
 * `expectedSequence`), enums as their full names (`'GAME_RAZZ'`, `'ACTION_TYPE_RAISE'`; a
 * request may also give the number), int64 as JavaScript numbers (exact up to 2^53 - 1 minor
 * units), every field present with its default, and a oneof's case named by a virtual field
 * (`event.kind === 'deal'`).
 */
const path = require('node:path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const protobuf = require('protobufjs');

/** The repository's proto folder (`clients/node/src` -> `proto/`). */
const DEFAULT_PROTO_ROOT = path.resolve(__dirname, '..', '..', '..', 'proto');
/** The vendored google/rpc protos. */
const GOOGLE_RPC_ROOT = path.resolve(__dirname, '..', 'proto');

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
let googleRpcRoot = null;

/**
 * The `floorman.v1` package: service constructors (`RulesService`, `TableService`,
 * `AuditService`) for @grpc/grpc-js.
 *
 * @param {string} [protoRoot] folder holding `floorman/v1/*.proto`; default: the
 *   `FLOORMAN_PROTO_DIR` environment variable, else the repository's `proto/`.
 * @returns {object} the loaded `floorman.v1` namespace.
 * @throws {Error} when the proto files cannot be read or parsed.
 */
function loadFloorman(protoRoot) {
  const root = protoRoot || process.env.FLOORMAN_PROTO_DIR || DEFAULT_PROTO_ROOT;
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

module.exports = { DEFAULT_PROTO_ROOT, LOADER_OPTIONS, loadFloorman, loadGoogleRpc };
