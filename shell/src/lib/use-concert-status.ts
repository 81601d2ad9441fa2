import { api, concertStatusAnswerAtom, concertStatusAtom } from '@concert/shared/browser';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { bootData } from './boot-data.js';

/** Fetches the concert status at start-up (SPEC.md §4); unknown (null) until it answers. */
export function useConcertStatus(): void {
  const setStatus = useSetAtom(concertStatusAtom);
  const setAnswer = useSetAtom(concertStatusAnswerAtom);
  useEffect(() => {
    if (bootData().concertStatus) return; // inlined by the server with the page
    api
      .getConcertStatus()
      .then(setAnswer)
      .catch(() => setStatus(null));
  }, [setStatus, setAnswer]);
}
