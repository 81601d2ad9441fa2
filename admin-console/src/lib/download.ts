import { ApiError, staffToken } from '@concert/shared/browser';
import { isErrorId, type ErrorId } from '@concert/shared/universal';

/**
 * Downloads a file the API serves to staff (GET with the access token in the Authorization
 * header, never in the URL) and hands it to the browser's save dialog as a blob.
 * Resolves to the file name; a refusal throws the API's error.
 */
export async function downloadStaffFile(path: string): Promise<string> {
  const token = await staffToken();
  if (!token) throw new ApiError('UNAUTHENTICATED', 'noFirebaseToken');
  const res = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { status?: string; message?: string } } | null;
    const id: ErrorId = isErrorId(body?.error?.message) ? body.error.message : 'unknownError';
    throw new ApiError((body?.error?.status ?? 'INTERNAL') as ConstructorParameters<typeof ApiError>[0], id);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
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
