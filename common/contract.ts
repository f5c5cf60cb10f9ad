// The wire contract of API.md Part A, shared by the SPA and the server.

/** Every JSON response of the API. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** Paged lists (API.md Part A "Lists"). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** `code` values of a failed envelope. */
export const ResultCode = {
  ok: 200,
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  throttled: 429,
  error: 500,
  unavailable: 503,
} as const;
