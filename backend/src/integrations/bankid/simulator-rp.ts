/** The BankID simulator's RP API on the wire: what a request must hold and refusals in the real API's shape. */
import { isIP } from 'node:net';
import type { Context } from 'koa';
import { bodyText } from '../request-body.js';
import type { SimulatedOrder } from './simulator-store.js';
import type { ErrorResponse } from './rp-api.js';

const MAX_BODY_BYTES = 300_000;
export const PERSONAL_NUMBER = /^\d{12}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** Limits of the real API, counted in base64 characters. */
const MAX_VISIBLE_DATA = { auth: 1_500, sign: 40_000 } as const;
const MAX_NON_VISIBLE_DATA = 200_000;

/** A refusal in the RP API's own shape: HTTP status plus `{errorCode, details}`. */
export class RpRefusal extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorCode: string,
    readonly details: string,
  ) {
    super(errorCode);
  }
}
export const invalidParameters = (details: string) => new RpRefusal(400, 'invalidParameters', details);
/** What the real service answers for an orderRef it does not know (never made, collected complete, or forgotten). */
export const noSuchOrder = () => invalidParameters('No such order');

export type OrderRequest = Pick<
  SimulatedOrder,
  | 'endUserIp'
  | 'personalNumber'
  | 'userVisibleData'
  | 'userVisibleDataFormat'
  | 'userNonVisibleData'
  | 'returnUrl'
>;

/** BankID's limit for `returnUrl`: an absolute http(s) address of 1–512 characters. */
function isReturnUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 512) return false;
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** What an auth or sign body must hold, as the real service checks it. */
export function validOrderRequest(kind: 'auth' | 'sign', body: unknown): OrderRequest {
  if (!isRecord(body)) throw invalidParameters('Invalid JSON body');
  const { endUserIp, requirement, userVisibleData, userVisibleDataFormat, userNonVisibleData, returnUrl } =
    body;
  if (typeof endUserIp !== 'string' || !isIP(endUserIp)) throw invalidParameters('Invalid endUserIp');
  if (requirement !== undefined && !isRecord(requirement)) throw invalidParameters('Invalid requirement');
  const personalNumber = requirement?.personalNumber;
  if (
    personalNumber !== undefined &&
    (typeof personalNumber !== 'string' || !PERSONAL_NUMBER.test(personalNumber))
  ) {
    throw invalidParameters('Invalid personalNumber');
  }
  if (kind === 'sign' && userVisibleData === undefined) throw invalidParameters('Missing userVisibleData');
  if (userVisibleData !== undefined && !isUtf8Base64(userVisibleData, MAX_VISIBLE_DATA[kind]))
    throw invalidParameters('Invalid userVisibleData');
  if (userNonVisibleData !== undefined && !isUtf8Base64(userNonVisibleData, MAX_NON_VISIBLE_DATA))
    throw invalidParameters('Invalid userNonVisibleData');
  if (userVisibleDataFormat !== undefined && userVisibleDataFormat !== 'simpleMarkdownV1')
    throw invalidParameters('Invalid userVisibleDataFormat');
  if (returnUrl !== undefined && !isReturnUrl(returnUrl)) throw invalidParameters('Invalid returnUrl');
  const request: OrderRequest = { endUserIp };
  if (personalNumber !== undefined) request.personalNumber = personalNumber;
  if (userVisibleData !== undefined) request.userVisibleData = userVisibleData;
  if (userVisibleDataFormat !== undefined) request.userVisibleDataFormat = userVisibleDataFormat;
  if (userNonVisibleData !== undefined) request.userNonVisibleData = userNonVisibleData;
  if (returnUrl !== undefined) request.returnUrl = returnUrl;
  return request;
}

export function validOrderRef(body: unknown): string {
  if (!isRecord(body) || typeof body.orderRef !== 'string' || !body.orderRef)
    throw invalidParameters('Missing orderRef');
  return body.orderRef;
}

function isUtf8Base64(value: unknown, maxLength: number): value is string {
  if (typeof value !== 'string' || !value || value.length > maxLength || !BASE64.test(value)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(value, 'base64'));
    return true;
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One RP API method: JSON in (exactly application/json, as BankID demands), JSON out, refusals as `{errorCode, details}`. */
export function rpMethod(answer: (body: unknown) => object) {
  return async (ctx: Context) => {
    try {
      if (ctx.get('content-type').trim().toLowerCase() !== 'application/json') {
        throw new RpRefusal(415, 'unsupportedMediaType', 'Content-Type must be application/json');
      }
      const text = await readBody(ctx);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw invalidParameters('Invalid JSON body');
      }
      ctx.status = 200;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = answer(body);
    } catch (err) {
      // Anything unexpected is BankID's internalError, never the app's error envelope.
      sendRefusal(
        ctx,
        err instanceof RpRefusal ? err : new RpRefusal(500, 'internalError', 'Internal error'),
      );
    }
  };
}

export function sendRefusal(ctx: Context, refusal: RpRefusal): void {
  const body: ErrorResponse = { errorCode: refusal.errorCode, details: refusal.details };
  ctx.status = refusal.httpStatus;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

export async function readBody(ctx: Context): Promise<string> {
  const text = await bodyText(ctx, MAX_BODY_BYTES);
  if (text === undefined) throw invalidParameters('Body too large');
  return text;
}
