import { ApiError, langAtom } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from '@concert/shared/router';

/** Sends the visitor to /{lang}/error/{id} for a failed call (SPEC.md §8). */
export function useGoToError() {
  const navigate = useNavigate();
  const lang = useAtomValue(langAtom);
  return useCallback(
    (err: unknown) =>
      navigate(paths.visitor.error.getHref(lang, err instanceof ApiError ? err.errorId : 'unknownError')),
    [navigate, lang],
  );
}
