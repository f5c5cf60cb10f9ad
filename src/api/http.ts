// The HTTP layer of spec §7 and the transport half of the §8 error catalogue: the only module that
// knows axios. It never touches the store, the router or antd; it reads the token through an
// injected getter and reports failures as actions through an injected sink, and a saga decides
// what the user sees (features/httpErrors).
import axios, { type AxiosRequestConfig, type AxiosResponse, type Method } from 'axios';
import { createAction } from '@reduxjs/toolkit';
import { HTTP_TIMEOUT_MS } from '../../common/constants';
import type { Envelope } from '../../common/contract';
import type { QueuedExport } from '../../common/jobs';
import { saveBlobAs } from '../utils/browser';

const API_BASE_URL = '/api';
/** Dictionary item lookups are the one kind of GET without the `_t` cache-buster. */
const DICT_ITEMS_PATH = '/sys/dict/getDictItems';
/** Query fields that the server treats as "no filter" only when they are null, not ''. */
const NULLED_WHEN_EMPTY = ['startDate', 'endDate', 'keyword'];
const FALLBACK_FILE_NAME = 'download';

export type Params = Record<string, unknown>;

export interface HttpFailure {
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  /** The server's `message` (also read from a blob body), else the transport error's text. */
  message: string;
  /** No response within HTTP_TIMEOUT_MS. */
  timedOut: boolean;
  /** Whether the request carried a token: a 401 logs out only then. */
  hadToken: boolean;
  method: string;
  url: string;
}

export const requestFailed = createAction<HttpFailure>('http/requestFailed');
/** No file: the server sent nothing, or (message) refused it in an envelope answered with HTTP 200. */
export const downloadFailed = createAction<{ url: string; message?: string }>('http/downloadFailed');
/** An export too large to send at once went to 下载中心 as a job (issue #16). */
export const exportQueued = createAction<QueuedExport & { message: string }>('http/exportQueued');
export type HttpEvent =
  ReturnType<typeof requestFailed> | ReturnType<typeof downloadFailed> | ReturnType<typeof exportQueued>;

/** What a rejected call rejects with, after its failure has been reported. */
export class HttpError extends Error {
  constructor(
    readonly failure: HttpFailure,
    readonly body: unknown,
  ) {
    super(failure.message);
    this.name = 'HttpError';
  }
}

export interface HttpOptions {
  getToken: () => string | null;
  onEvent: (event: HttpEvent) => void;
  baseURL?: string;
}

let options: HttpOptions = { getToken: () => null, onEvent: () => undefined };

const client = axios.create({
  baseURL: API_BASE_URL,
  timeout: HTTP_TIMEOUT_MS,
  // Timeouts get their own code (ETIMEDOUT) instead of sharing ECONNABORTED with aborts.
  transitional: { clarifyTimeoutError: true },
});

/** Connects the layer to the app: the token source, the event sink and (for tests) the base URL. */
export function configureHttp(next: HttpOptions): void {
  options = next;
  client.defaults.baseURL = next.baseURL ?? API_BASE_URL;
}

/** Unix seconds, as jeecg's `Date.parse(new Date()) / 1000`. */
function unixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function isPlainObject(value: unknown): value is Params {
  return Object.prototype.toString.call(value) === '[object Object]';
}

function nullEmptyFilters<T>(payload: T): T {
  if (!isPlainObject(payload) || !NULLED_WHEN_EMPTY.some((key) => payload[key] === '')) return payload;
  const copy: Params = { ...payload };
  NULLED_WHEN_EMPTY.forEach((key) => {
    if (copy[key] === '') copy[key] = null;
  });
  return copy as T;
}

function withCacheBuster(method: string, url: string, params: unknown): unknown {
  if (method !== 'get' || url.includes(DICT_ITEMS_PATH)) return params;
  return { _t: unixSeconds(), ...(params as Params | undefined) };
}

function readBlobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function readServerMessage(body: unknown): Promise<string | undefined> {
  let data = body;
  if (data instanceof Blob) {
    // A failed download still answers a JSON envelope, delivered as a blob.
    try {
      data = JSON.parse(await readBlobText(data));
    } catch {
      return undefined;
    }
  }
  return isPlainObject(data) && typeof data.message === 'string' ? data.message : undefined;
}

async function send<T>(config: AxiosRequestConfig & { url: string }): Promise<AxiosResponse<T>> {
  const token = options.getToken();
  const method = (config.method ?? 'get').toLowerCase();
  try {
    return await client.request<T>({
      ...config,
      method,
      params: nullEmptyFilters(withCacheBuster(method, config.url, config.params)),
      data: nullEmptyFilters(config.data),
      headers: token ? { ...config.headers, 'X-Access-Token': token } : config.headers,
    });
  } catch (error) {
    if (!axios.isAxiosError(error)) throw error;
    const body: unknown = error.response?.data;
    const failure: HttpFailure = {
      status: error.response?.status ?? null,
      message: (await readServerMessage(body)) ?? (error.response ? '' : error.message),
      timedOut: error.code === 'ETIMEDOUT',
      hadToken: Boolean(token),
      method,
      url: config.url,
    };
    options.onEvent(requestFailed(failure));
    throw new HttpError(failure, body);
  }
}

async function sendForBody<R>(config: AxiosRequestConfig & { url: string }): Promise<Envelope<R>> {
  return (await send<Envelope<R>>(config)).data;
}

export function getAction<R = unknown>(url: string, params?: Params): Promise<Envelope<R>> {
  return sendForBody<R>({ url, method: 'get', params });
}

export function postAction<R = unknown>(url: string, data?: unknown): Promise<Envelope<R>> {
  return sendForBody<R>({ url, method: 'post', data });
}

export function putAction<R = unknown>(url: string, data?: unknown): Promise<Envelope<R>> {
  return sendForBody<R>({ url, method: 'put', data });
}

/** DELETE sends its arguments as query parameters (`?id=` / `?ids=a,b,`). */
export function deleteAction<R = unknown>(url: string, params?: Params): Promise<Envelope<R>> {
  return sendForBody<R>({ url, method: 'delete', params });
}

/** A call whose method is chosen by the caller (add vs. edit forms); the payload goes in the body. */
export function httpAction<R = unknown>(url: string, data: unknown, method: Method): Promise<Envelope<R>> {
  return sendForBody<R>({ url, method, data });
}

/** Upload progress, 0–100. */
export type UploadProgress = (percent: number) => void;

export function uploadAction<R = unknown>(
  url: string,
  formData: FormData,
  onProgress?: UploadProgress,
): Promise<Envelope<R>> {
  return sendForBody<R>({
    url,
    method: 'post',
    data: formData,
    // The browser completes the type with the multipart boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: onProgress
      ? (event) => onProgress(event.total ? Math.round((event.loaded / event.total) * 100) : 0)
      : undefined,
  });
}

/** The bytes behind a url that needs the session's token (an <img> cannot send it). */
export async function fetchBlob(url: string): Promise<Blob> {
  return (await send<Blob>({ url, method: 'get', responseType: 'blob' })).data;
}

function decodeFileName(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** The file name of a `Content-Disposition` header: `filename*=UTF-8''…` wins over `filename="…"`. */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*[\w-]*'[^']*'([^;]+)/i.exec(header);
  if (extended) return decodeFileName(extended[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? decodeFileName(name) : undefined;
}

/** An envelope sent where a file was asked for: a refusal, or an export queued in 下载中心. */
async function envelopeOf(blob: Blob, contentType: string | undefined): Promise<Envelope<unknown> | null> {
  if (!contentType?.includes('application/json')) return null;
  try {
    const body: unknown = JSON.parse(await readBlobText(blob));
    return isPlainObject(body) && typeof body.success === 'boolean'
      ? (body as unknown as Envelope<unknown>)
      : null;
  } catch {
    return null;
  }
}

const isQueuedExport = (result: unknown): result is QueuedExport =>
  isPlainObject(result) && typeof result.jobId === 'string' && typeof result.total === 'number';

/**
 * Downloads a file and saves it under the server's name (name and suffix from Content-Disposition),
 * else `fileName`. Resolves to the saved name, or null when nothing was saved: the server sent no data or
 * refused ('文件下载失败' or its message), or the export went to 下载中心 (reported as exportQueued).
 */
export function downloadFile(url: string, fileName?: string, params?: Params): Promise<string | null> {
  return saveDownload({ url, method: 'get', params }, fileName);
}

/** As downloadFile, for a file made from what is posted (a zip of the chosen photos). */
export function downloadPosted(url: string, body: unknown, fileName?: string): Promise<string | null> {
  return saveDownload({ url, method: 'post', data: body }, fileName);
}

async function saveDownload(
  config: AxiosRequestConfig & { url: string },
  fileName?: string,
): Promise<string | null> {
  const { url } = config;
  const response = await send<Blob | null>({ ...config, responseType: 'blob' });
  const blob = response.data;
  if (!blob || blob.size === 0) {
    options.onEvent(downloadFailed({ url }));
    return null;
  }
  const envelope = await envelopeOf(blob, response.headers['content-type'] as string | undefined);
  if (envelope && !envelope.success) {
    options.onEvent(downloadFailed({ url, message: envelope.message }));
    return null;
  }
  if (envelope && isQueuedExport(envelope.result)) {
    options.onEvent(exportQueued({ ...envelope.result, message: envelope.message }));
    return null;
  }
  const disposition = response.headers['content-disposition'] as string | undefined;
  const name = fileNameFromDisposition(disposition) ?? fileName ?? FALLBACK_FILE_NAME;
  saveBlobAs(blob, name);
  return name;
}
