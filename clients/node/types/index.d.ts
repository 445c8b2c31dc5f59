// Type declarations of floorman-client (written by hand over the generated floorman.v1 types in
// ./proto, which scripts/prepare.js makes from the protos the package ships).
//
// Messages are plain objects in the @grpc/proto-loader shape: lowerCamelCase fields, enums as
// their full names. A request type `X` takes int64 money as `number | string | Long` (minor
// units); an answer type `X__Output` has every field present with its default and int64 as a
// JavaScript `number` (exact up to 2^53 - 1 minor units), a oneof's case named by a virtual
// field (`event.kind === 'deal'`).

import type * as grpc from '@grpc/grpc-js';
import type * as protobuf from 'protobufjs';
import type * as v1 from './proto/v1';

export type { v1 };

/** Cards as one string (`'As 2c 3d'`) or a list (`['As', '2c', '3d']`). */
export type Cards = string | readonly string[];

/**
 * An enum argument of a builder or method: the full name (`E`), the name without its prefix
 * in any case (`'recorded'`, `'no_limit'`) or the number; an unknown one is a RangeError
 * listing the known names.
 */
export type EnumInput<E> = E | (string & {}) | number;

/** The short game names (`floorman eval --game`). */
export type GameAlias =
  | 'draw7a' | 'draw' | 'stud' | 'razz' | 'stud8' | 'studhilo' | 'stud-hi-lo' | 'stud5'
  | 'holdem' | 'nlhe' | 'omaha' | 'plo' | 'omaha8' | 'omaha-hi-lo' | 'omaha5' | 'plo5'
  | 'omaha5-8' | 'bigo' | 'shortdeck' | 'short-deck';

export type GameInput = EnumInput<v1.Game | GameAlias>;

/** Options every call takes: its deadline in ms, retries included (null: none). */
export interface CallOptions {
  timeoutMs?: number | null;
}

/** A write's options: the request id reused on every retry (default: a random UUID). */
export interface WriteOptions extends CallOptions {
  requestId?: string;
}

/** A write on one table at the sequence the caller last saw. */
export interface TableWrite extends WriteOptions {
  tableId: string;
  expectedSequence: number | string;
}

/** A history item: a Deal, an Action (it has a `type`) or a HandEvent. */
export type HistoryItem = v1.Deal | v1.Action | v1.HandEvent;

// ------------------------------------------------------------------------------- errors

/** A decoded google.rpc.BadRequest field violation. */
export interface FieldViolation {
  field: string;
  description: string;
  /** The rule id the description starts with (`card.malformed`), or `''`. */
  rule: string;
  message: string;
}

/** A failed call: status code, message and the decoded google.rpc details. */
export declare class FloormanError extends Error {
  code: number;
  codeName: string;
  details: string;
  method: string;
  requestId: string;
  reason: string;
  domain: string;
  metadata: Record<string, string>;
  violations: FieldViolation[];
  attempts: number;
}
export declare class InvalidArgumentError extends FloormanError {
  readonly fields: string[];
}
export declare class FailedPreconditionError extends FloormanError {}
export declare class RuleViolationError extends FailedPreconditionError {
  rule: string;
  seat: number;
  expected: string;
  actual: string;
}
export declare class UnverifiableHandError extends FailedPreconditionError {
  rule: string;
  seats: number[];
}
export declare class AbortedError extends FloormanError {}
export declare class SequenceMismatchError extends AbortedError {
  currentSequence: number;
  expectedSequence: number;
}
export declare class NotFoundError extends FloormanError {}
export declare class AlreadyExistsError extends FloormanError {}
export declare class TableExistsError extends AlreadyExistsError {}
export declare class RequestIdConflictError extends AlreadyExistsError {}
export declare class UnauthenticatedError extends FloormanError {}
export declare class PermissionDeniedError extends FloormanError {}
export declare class ResourceExhaustedError extends FloormanError {}
export declare class UnavailableError extends FloormanError {}
export declare class DeadlineExceededError extends FloormanError {}
export declare class UnimplementedError extends FloormanError {}

export declare const STATUS_DETAILS_KEY: 'grpc-status-details-bin';

export interface DecodedStatusDetails {
  status: { code: number; message: string } | null;
  errorInfo: { reason: string; domain: string; metadata: Record<string, string> } | null;
  badRequest: object | null;
  violations: Array<{ field: string; description: string }>;
  others: object[];
}
export declare function decodeStatusDetails(bytes: Uint8Array | null): DecodedStatusDetails;
export declare function fromServiceError(
  raw: Error,
  context?: { method?: string; requestId?: string; attempts?: number },
): FloormanError;

/** The error of one batch or stream item (its google.rpc.Status), as the unary call throws it. */
export declare function itemError(
  status: { code: number; message: string; details?: Array<{ typeUrl?: string; type_url?: string; value: Uint8Array }> },
  context?: { method?: string },
): FloormanError;

// ------------------------------------------------------------------------------- retries

export interface RetryPolicyOptions {
  maxAttempts?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  multiplier?: number;
  jitter?: number;
}
export declare class RetryPolicy {
  constructor(options?: RetryPolicyOptions);
  readonly maxAttempts: number;
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
  readonly multiplier: number;
  readonly jitter: number;
  delayMs(retry: number, random?: () => number): number;
}
export declare const NO_RETRIES: RetryPolicy;
export declare const DEFAULT_RETRY: RetryPolicy;
export declare const DEFAULT_TIMEOUT_MS: number;
export declare function isRetryable(error: FloormanError, idempotent: boolean): boolean;

// ------------------------------------------------------------------------------- calls

export interface CallerOptions {
  token?: string | null;
  timeoutMs?: number | null;
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  check?: ((method: string, request: object) => void) | null;
}
export declare class Caller {
  constructor(options?: CallerOptions);
  metadata: grpc.Metadata;
  timeoutMs: number | null;
  retry: RetryPolicy;
  check: ((method: string, request: object) => void) | null;
  unary(stub: object, name: string, request: object | object[], options?: {
    method?: string; requestId?: string; timeoutMs?: number | null; idempotent?: boolean;
    stream?: boolean;
  }): Promise<any>;
}
export declare function bearerMetadata(token?: string | null): grpc.Metadata;
export declare function channelCredentials(options?: {
  tls?: boolean; rootCert?: Buffer | string; certChain?: Buffer | string; privateKey?: Buffer | string;
}): grpc.ChannelCredentials;
export declare function requestChecker(root: protobuf.Root): (method: string, request: object) => void;

/** One hand of BatchEvaluateHands / EvaluateHandStream. */
export interface HandItem { game: GameInput; cards: Cards; players?: number; board?: Cards }
/** One showdown of BatchCompareHands. */
export interface ShowdownItem {
  game: GameInput; hands: Array<Cards | { cards: Cards }>; communityCards?: Cards;
  players?: number; board?: Cards;
}

/** RulesService: stateless rules. */
export declare class RulesClient {
  evaluateHand(request: CallOptions & {
    game: GameInput; cards: Cards; players?: number; board?: Cards;
  }): Promise<v1.EvaluateHandResponse__Output>;
  compareHands(request: CallOptions & {
    game: GameInput; hands: Array<Cards | { cards: Cards }>; communityCards?: Cards;
    players?: number; board?: Cards;
  }): Promise<v1.CompareHandsResponse__Output>;
  /** One result per hand, in order: `answer` or its own `error` (see itemError). */
  batchEvaluateHands(request: CallOptions & {
    hands: HandItem[];
  }): Promise<v1.BatchEvaluateHandsResponse__Output>;
  /** One result per showdown, in order: `answer` or its own `error`. */
  batchCompareHands(request: CallOptions & {
    showdowns: ShowdownItem[];
  }): Promise<v1.BatchCompareHandsResponse__Output>;
  /** gRPC bidirectional stream: one answer per message of hands, strictly in order. */
  evaluateHandStream(request: CallOptions & {
    messages: Iterable<HandItem[]> | AsyncIterable<HandItem[]>;
  }): AsyncIterable<v1.EvaluateHandStreamResponse__Output>;
  validateAction(request: CallOptions & {
    config: v1.HandConfig; history: HistoryItem[]; action: v1.Action;
  }): Promise<v1.ValidateActionResponse__Output>;
  listLegalActions(request: CallOptions & {
    config: v1.HandConfig; history: HistoryItem[];
  }): Promise<v1.ListLegalActionsResponse__Output>;
  settleHand(request: CallOptions & {
    config: v1.HandConfig; history: HistoryItem[]; declaredPayouts?: v1.Payout[];
  }): Promise<v1.SettleHandResponse__Output>;
}

/** A resumable WatchTable subscription: an async iterable of TableEvent. */
export declare class TableWatch implements AsyncIterable<v1.TableEvent__Output> {
  readonly tableId: string;
  lastSequence: number;
  reconnects: number;
  cancelled: boolean;
  [Symbol.asyncIterator](): AsyncIterator<v1.TableEvent__Output>;
  until(sequence: number): Promise<v1.TableEvent__Output[]>;
  cancel(): void;
}

/** TableService: live tables. */
export declare class TableClient {
  createTable(request: WriteOptions & {
    settings: v1.TableSettings; tableId?: string;
  }): Promise<v1.CreateTableResponse__Output>;
  getTable(request: CallOptions & { tableId: string }): Promise<v1.GetTableResponse__Output>;
  listTables(request?: CallOptions & {
    pageSize?: number; pageToken?: string; includeClosed?: boolean;
  }): Promise<v1.ListTablesResponse__Output>;
  closeTable(request: TableWrite): Promise<v1.CloseTableResponse__Output>;
  seatPlayer(request: TableWrite & {
    seat: number; playerId: string; buyIn: number | string; entry?: EnumInput<v1.EntryOption>;
  }): Promise<v1.SeatPlayerResponse__Output>;
  leaveSeat(request: TableWrite & { seat: number }): Promise<v1.LeaveSeatResponse__Output>;
  sitOut(request: TableWrite & { seat: number }): Promise<v1.SitOutResponse__Output>;
  sitIn(request: TableWrite & {
    seat: number; entry?: EnumInput<v1.EntryOption>;
  }): Promise<v1.SitInResponse__Output>;
  startHand(request: TableWrite): Promise<v1.StartHandResponse__Output>;
  dealCards(request: TableWrite & { deals: v1.Deal[] }): Promise<v1.DealCardsResponse__Output>;
  recordAction(request: TableWrite & { action: v1.Action }): Promise<v1.RecordActionResponse__Output>;
  getHand(request: CallOptions & { tableId: string; handId?: string }): Promise<v1.GetHandResponse__Output>;
  exportHandHistory(request: CallOptions & {
    tableId: string; handId?: string; format: EnumInput<v1.HistoryFormat>; wholeSession?: boolean;
  }): Promise<v1.ExportHandHistoryResponse__Output>;
  listHands(request: CallOptions & {
    tableId: string; pageSize?: number; pageToken?: string;
  }): Promise<v1.ListHandsResponse__Output>;
  watchTable(request: {
    tableId: string; afterSequence?: number; resume?: boolean; timeoutMs?: number | null;
  }): TableWatch;
}

/** A document to audit (`content`: text or bytes). */
export interface AuditDocument {
  name?: string;
  content: string | Uint8Array;
  format?: EnumInput<v1.AuditFormat>;
}

/** AuditService: audit recorded hands. */
export declare class AuditClient {
  auditHandHistories(request: CallOptions & {
    documents: AuditDocument[];
  }): Promise<v1.AuditHandHistoriesResponse__Output>;
  auditHandHistoriesStream(request: CallOptions & {
    documents: AuditDocument[];
  }): Promise<v1.AuditHandHistoriesStreamResponse__Output>;
}

export interface FloormanClientOptions {
  /** Bearer token sent with every call. */
  token?: string | null;
  /** Use TLS (implied by any certificate option). */
  tls?: boolean;
  /** CA certificate: PEM bytes or a file path. */
  rootCert?: Buffer | string;
  /** Client certificate for mutual TLS (with `privateKey`). */
  certChain?: Buffer | string;
  privateKey?: Buffer | string;
  serverName?: string;
  /** Default deadline per call in ms, retries included (default 10000; null: none). */
  timeoutMs?: number | null;
  retry?: RetryPolicy;
  /** Folder of `floorman/v1/*.proto` (default: the package's own). */
  protoRoot?: string;
  channelOptions?: grpc.ChannelOptions;
  interceptors?: grpc.Interceptor[];
}

/** The three services of one server on one channel. */
export declare class FloormanClient {
  constructor(target: string, options?: FloormanClientOptions);
  readonly rules: RulesClient;
  readonly tables: TableClient;
  readonly audit: AuditClient;
  readonly caller: Caller;
  readonly channel: grpc.Channel;
  waitForReady(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** One table, tracking its sequence for `expectedSequence`. */
export declare class TableSession {
  constructor(tables: TableClient, tableId: string, sequence?: number);
  readonly tables: TableClient;
  readonly tableId: string;
  sequence: number;
  static create(tables: TableClient, request: {
    settings: v1.TableSettings; tableId?: string; requestId?: string;
  }): Promise<TableSession>;
  static attach(tables: TableClient, tableId: string): Promise<TableSession>;
  refresh(): Promise<v1.Table__Output>;
  seatPlayer(fields: WriteOptions & {
    seat: number; playerId: string; buyIn: number | string; entry?: EnumInput<v1.EntryOption>;
  }): Promise<v1.SeatPlayerResponse__Output>;
  leaveSeat(fields: WriteOptions & { seat: number }): Promise<v1.LeaveSeatResponse__Output>;
  sitOut(fields: WriteOptions & { seat: number }): Promise<v1.SitOutResponse__Output>;
  sitIn(fields: WriteOptions & {
    seat: number; entry?: EnumInput<v1.EntryOption>;
  }): Promise<v1.SitInResponse__Output>;
  startHand(fields?: WriteOptions): Promise<v1.StartHandResponse__Output>;
  dealCards(deals: v1.Deal[], fields?: WriteOptions): Promise<v1.DealCardsResponse__Output>;
  recordAction(action: v1.Action, fields?: WriteOptions): Promise<v1.RecordActionResponse__Output>;
  close(fields?: WriteOptions): Promise<v1.CloseTableResponse__Output>;
  hand(handId?: string): Promise<v1.HandView__Output>;
  watch(options?: { afterSequence?: number; timeoutMs?: number | null }): TableWatch;
}

// ------------------------------------------------------------------------------- builders

export declare namespace messages {
  const GAME_ALIASES: Readonly<Record<GameAlias, v1.Game__Output>>;
  /** `action('raise', { seat: 2, amount: 40 })`, `action('draw', { seat: 3, cards: 'Kc 7d' })`. */
  function action(
    type: EnumInput<v1.ActionType>,
    fields: { seat: number; amount?: number | string; cards?: Cards },
  ): v1.Action & { type: v1.ActionType__Output | number };
  /** `deal(2, 'Ah Ad Kc Qs 7d')` (seat 0: a community card). */
  function deal(seat: number, cards: Cards, options?: { faceUp?: boolean }): v1.Deal;
  /** `enumName('ACTION_TYPE_', 'raise')` -> `'ACTION_TYPE_RAISE'`. */
  function enumName(prefix: string, value: string | number): string | number;
  /** `enumOf('DealMode', 'recorded')` -> `'DEAL_MODE_RECORDED'`. */
  function enumOf(name: string, value: string | number): string | number;
  function enumOf(name: string, value: string | number | null | undefined, where?: string):
    string | number | null | undefined;
  function gameName(value: GameInput): v1.Game__Output | number;
  /** TableSettings for a table: `tableSettings('draw', { smallBet: 20, dealMode: 'recorded' })`. */
  function tableSettings(game: GameInput, fields: {
    smallBet: number | string;
    name?: string;
    dealMode?: EnumInput<v1.DealMode>;
    buttonRule?: EnumInput<v1.ButtonRule>;
    bettingStructure?: EnumInput<v1.BettingStructure>;
    bigBet?: number | string;
    ante?: number | string;
    bringIn?: number | string;
    smallBlind?: number | string;
    bigBlind?: number | string;
    wholeUnit?: number | string;
    oddChipUnit?: number | string;
    [field: string]: unknown;
  }): v1.TableSettings;
  function toHistory(items: HistoryItem[]): v1.HandEvent[];
}

// ------------------------------------------------------------------------------- protos

export declare const DEFAULT_PROTO_ROOT: string;
/** The floorman.v1 service constructors for @grpc/grpc-js. */
export declare function loadFloorman(protoRoot?: string): {
  RulesService: grpc.ServiceClientConstructor;
  TableService: grpc.ServiceClientConstructor;
  AuditService: grpc.ServiceClientConstructor;
  [name: string]: unknown;
};
/** The floorman.v1 protos as a protobufjs Root (the request checks read it). */
export declare function loadFloormanRoot(protoRoot?: string): protobuf.Root;
/** google.rpc.Status and the standard error details. */
export declare function loadGoogleRpc(): protobuf.Root;
