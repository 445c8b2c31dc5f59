// The TableService client over Connect (binary protobuf via fetch), with the token field's
// bearer token on every call, and a Connect error rendered the way the page shows it.
import { Code, ConnectError, createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import type { DescEnum } from "@bufbuild/protobuf";
import { TableService } from "./gen/floorman/v1/table_service_pb";

export type TableClient = Client<typeof TableService>;

/** A client on this page's origin; `token()` is read at each call ("" sends no header). */
export function tableClient(token: () => string): TableClient {
  const bearer: Interceptor = (next) => async (request) => {
    const value = token();
    if (value) request.header.set("Authorization", `Bearer ${value}`);
    return next(request);
  };
  const transport = createConnectTransport({
    baseUrl: location.origin,
    useBinaryFormat: true,
    interceptors: [bearer],
  });
  return createClient(TableService, transport);
}

/** "Method: failed_precondition: board.count: ..." for a Connect error, else its message. */
export function describeError(method: string, error: unknown): string {
  if (error instanceof ConnectError) {
    const code = Code[error.code].replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
    return `${method}: ${code}: ${error.rawMessage}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The proto name of an enum value ("GAME_TEXAS_HOLDEM"), or its number. */
export function enumName(schema: DescEnum, value: number): string {
  return schema.value[value]?.name ?? String(value);
}

/** The number of the enum value named `name` (the proto name); throws for an unknown name. */
export function enumNumber(schema: DescEnum, name: string): number {
  const found = schema.values.find((entry) => entry.name === name);
  if (!found) throw new Error(`unknown ${schema.name} ${name}`);
  return found.number;
}
