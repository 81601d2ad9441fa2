import { ApiError, staffToken } from '@concert/shared/browser';
import { isErrorId, type ErrorId } from '@concert/shared/universal';

/** The staff member's access token as a header (never in a URL); none signed in: 401 as the API would say. */
export async function staffAuthorization(): Promise<Record<string, string>> {
  const token = await staffToken();
  if (!token) throw new ApiError('UNAUTHENTICATED', 'noFirebaseToken');
  return { Authorization: `Bearer ${token}` };
}

/** The API's error body of a plain-HTTP staff route as the ApiError the callables throw. */
export async function apiFailure(res: Response, body?: unknown): Promise<never> {
  const parsed = (body ?? (await res.json().catch(() => null))) as {
    error?: { status?: string; message?: string };
  } | null;
  const id: ErrorId = isErrorId(parsed?.error?.message) ? parsed.error.message : 'unknownError';
  throw new ApiError((parsed?.error?.status ?? 'INTERNAL') as ConstructorParameters<typeof ApiError>[0], id);
}

/**
 * Downloads a file the API serves to staff (GET with the access token in the Authorization
 * header, never in the URL) and hands it to the browser's save dialog as a blob.
 * Resolves to the file name; a refusal throws the API's error (or what `failure` makes of it).
 */
export async function downloadStaffFile(
  path: string,
  options: { fallbackName?: string; failure?: (res: Response) => Promise<never> } = {},
): Promise<string> {
  const res = await fetch(path, { headers: await staffAuthorization(), cache: 'no-store' });
  if (!res.ok) await (options.failure ?? apiFailure)(res);
  const filename =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    options.fallbackName ??
    'export';
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the blob over.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return filename;
}
