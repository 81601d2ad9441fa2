import { apiFailure, downloadStaffFile, staffAuthorization } from '../../lib/download.js';
import type { AutogiroAnswerApplied, AutogiroFileRefusal } from '@concert/shared/api';

/** A file the API refused to read: why, as the API said it. */
export class FileRefusedError extends Error {
  constructor(readonly refusal: AutogiroFileRefusal) {
    super(refusal.reason);
  }
}

async function failure(res: Response): Promise<never> {
  const body = (await res.json().catch(() => null)) as { refusal?: AutogiroFileRefusal } | null;
  if (body?.refusal) throw new FileRefusedError(body.refusal);
  return apiFailure(res, body);
}

/** Downloads a file of the API (sent or received, byte for byte) and saves it under its own name. */
export function saveFile(path: string): Promise<string> {
  return downloadStaffFile(path, { fallbackName: 'autogiro.txt', failure });
}

/** Uploads an AG-MEDAVI file as it is (bytes); refused files throw FileRefusedError. */
export async function uploadAnswer(file: File): Promise<AutogiroAnswerApplied> {
  const res = await fetch(`/api/autogiro/answers?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { ...(await staffAuthorization()), 'Content-Type': 'application/octet-stream' },
    body: await file.arrayBuffer(),
  });
  if (!res.ok) await failure(res);
  return ((await res.json()) as { result: AutogiroAnswerApplied }).result;
}
