/**
 * floorman-client as an ES module: the same objects as the CommonJS entry (index.js), by name.
 *
 *   import { FloormanClient, TableSession, messages } from 'floorman-client';
 */
import floorman from './index.js';

export const {
  DEFAULT_TIMEOUT_MS,
  DEFAULT_RETRY,
  AuditClient,
  Caller,
  FloormanClient,
  RulesClient,
  TableClient,
  bearerMetadata,
  channelCredentials,
  requestChecker,
  STATUS_DETAILS_KEY,
  FloormanError,
  InvalidArgumentError,
  FailedPreconditionError,
  RuleViolationError,
  UnverifiableHandError,
  AbortedError,
  SequenceMismatchError,
  NotFoundError,
  AlreadyExistsError,
  TableExistsError,
  RequestIdConflictError,
  UnauthenticatedError,
  PermissionDeniedError,
  ResourceExhaustedError,
  UnavailableError,
  DeadlineExceededError,
  UnimplementedError,
  decodeStatusDetails,
  fromServiceError,
  itemError,
  RetryPolicy,
  NO_RETRIES,
  isRetryable,
  messages,
  TableSession,
  TableWatch,
  loadFloorman,
  loadFloormanRoot,
  loadGoogleRpc,
  DEFAULT_PROTO_ROOT,
} = floorman;

export default floorman;
