// The one error class of the API and its envelope: {"error":{"type","code","message","status","param?"}}.

export type ErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "idempotency_error"
  | "rate_limit_error"
  | "api_error";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get body() {
    const error: Record<string, unknown> = { type: this.type, code: this.code, message: this.message, status: this.status };
    if (this.param !== undefined) error.param = this.param;
    return { error };
  }
}

export const invalidRequest = (code: string, message: string, param?: string) =>
  new ApiError(400, "invalid_request_error", code, message, param);

/**
 * 400 `code` for a record used before its deployment succeeded: it failed (with its reason: make a new one), or it
 * has not confirmed yet (retry once its status is `ready`, by default 'deployed').
 */
export const notDeployed = (
  code: string,
  noun: string,
  record: { id: string; status: string; failureReason?: string | null },
  { ready = "'deployed'", param = "id" }: { ready?: string; param?: string } = {},
) =>
  invalidRequest(
    code,
    record.status === "failed"
      ? `${noun} '${record.id}' failed to deploy (${record.failureReason ?? "unknown reason"}); create a new one.`
      : `${noun} '${record.id}' is still deploying; retry once its status is ${ready}.`,
    param,
  );

export const notFound = (what: string, id?: string) =>
  new ApiError(404, "invalid_request_error", "resource_missing", id ? `No such ${what}: '${id}'` : `No such ${what}`, id ? "id" : undefined);

export const conflict = (code: string, message: string, param?: string) =>
  new ApiError(409, "invalid_request_error", code, message, param);

export const unauthorized = (code: string, message: string) => new ApiError(401, "authentication_error", code, message);

export const internalError = () =>
  new ApiError(500, "api_error", "internal_error", "An unexpected error occurred on our side. It has been logged; please retry.");

/** Seconds a client should wait before retrying a 503 (see serviceUnavailable). */
export const RETRY_AFTER_SECONDS = 2;

/**
 * The database could not serve the request now (load, a restart): nothing about the request is wrong, and
 * retrying it (with its idempotency_key) after Retry-After is safe.
 */
export const serviceUnavailable = () =>
  new ApiError(503, "api_error", "service_unavailable", "The service is temporarily unavailable. Please retry after the number of seconds in Retry-After.", undefined, {
    "Retry-After": String(RETRY_AFTER_SECONDS),
  });
