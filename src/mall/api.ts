// The web mall's client of the buyer API (/api/buyer, docs/mall-api.md): plain fetch, the buyer token kept in
// localStorage under its own key (never the back office's), answers in the API envelope.
export const MALL_TOKEN_KEY = 'MALL_BUYER_TOKEN';

export interface Envelope<T> {
  success: boolean;
  code: number;
  message: string;
  result: T;
}

export class MallError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export const mallToken = {
  get: () => window.localStorage.getItem(MALL_TOKEN_KEY),
  set: (token: string | null) =>
    token
      ? window.localStorage.setItem(MALL_TOKEN_KEY, token)
      : window.localStorage.removeItem(MALL_TOKEN_KEY),
};

export async function call<T>(path: string, body?: unknown): Promise<T> {
  const token = mallToken.get();
  const response = await fetch(`/api/buyer${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { 'x-access-token': token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (response.status === 401 || envelope.code === 401) mallToken.set(null);
  if (!envelope.success) throw new MallError(envelope.message, envelope.code);
  return envelope.result;
}

export interface Buyer {
  kind: 'OUTLET' | 'EMPLOYEE';
  name: string;
  mobile: string;
  quota: { quotaAmount: string; usedAmount: string; leftAmount: string } | null;
}

export interface Item {
  skuId: string;
  name: string;
  spec: string | null;
  saleUnit: string;
  casePrice: string;
  availableCases: number;
  monthLimit?: number | null;
  monthLeft?: number | null;
}
