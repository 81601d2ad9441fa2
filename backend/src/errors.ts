import { STATUS_HTTP, type ErrorBody, type ErrorId, type ErrorStatus } from '@concert/shared/universal';

// The domain's refusals: services throw them, and the transport (http/error-handler.ts) turns them
// into the callable envelope. They live here, not in http/, so modules never depend on the transport.

/** A refusal the caller may see: a status of the envelope and an error id of the catalogue. Nothing else reaches the body. */
export class AppError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly errorId: ErrorId,
    readonly headers: Record<string, string> = {},
    /** Only for refusals HTTP names more precisely than the envelope (413). */
    private readonly httpOverride?: number,
  ) {
    super(`${status} ${errorId}`);
  }
  get httpStatus(): number {
    return this.httpOverride ?? STATUS_HTTP[this.status];
  }
  toBody(): ErrorBody {
    return { error: { status: this.status, message: this.errorId } };
  }
}

export const invalidArgument = (id: ErrorId = 'invalidState') => new AppError('INVALID_ARGUMENT', id);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'noFirebaseToken');
export const notFound = () => new AppError('NOT_FOUND', 'notFound');
