import { ApiError, staffToken } from '@concert/shared/browser';
import type { AutogiroAnswerApplied, AutogiroFileRefusal } from '@concert/shared/api';

/** A file the API refused to read: why, as the API said it. */
export class FileRefusedError extends Error {
  constructor(readonly refusal: AutogiroFileRefusal) {
    super(refusal.reason);
  }
}

async function authorized(): Promise<Record<string, string>> {
  const token = await staffToken();
  if (!token) throw new ApiError('UNAUTHENTICATED', 'noFirebaseToken');
  return { Authorization: `Bearer ${token}` };
}

async function failure(res: Response): Promise<never> {
  const body = (await res.json().catch(() => null)) as { error?: { status?: string; message?: string }; refusal?: AutogiroFileRefusal } | null;
  if (body?.refusal) throw new FileRefusedError(body.refusal);
  throw new ApiError((body?.error?.status ?? 'INTERNAL') as never, (body?.error?.message ?? 'unknownError') as never);
}

/** Downloads a file of the API (sent or received, byte for byte) and saves it under its own name. */
export async function saveFile(path: string): Promise<string> {
  const res = await fetch(path, { headers: await authorized(), cache: 'no-store' });
  if (!res.ok) await failure(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'autogiro.txt';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** Uploads an AG-MEDAVI file as it is (bytes); refused files throw FileRefusedError. */
export async function uploadAnswer(file: File): Promise<AutogiroAnswerApplied> {
  const res = await fetch(`/api/autogiro/answers?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { ...(await authorized()), 'Content-Type': 'application/octet-stream' },
    body: await file.arrayBuffer(),
  });
  if (!res.ok) await failure(res);
  return ((await res.json()) as { result: AutogiroAnswerApplied }).result;
}
