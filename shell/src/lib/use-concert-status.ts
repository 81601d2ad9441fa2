import { api, concertStatusAtom, memberQueueAtom } from '@concert/shared/browser';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { bootData } from './boot-data.js';

/** Fetches the concert status at start-up (SPEC.md §4); unknown (null) until it answers. */
export function useConcertStatus(): void {
  const setStatus = useSetAtom(concertStatusAtom);
  const setMemberQueue = useSetAtom(memberQueueAtom);
  useEffect(() => {
    if (bootData().concertStatus) return; // inlined by the server with the page
    api
      .getConcertStatus()
      .then((s) => {
        setStatus(s.concertStatus);
        setMemberQueue(s.memberQueue);
      })
      .catch(() => setStatus(null));
  }, [setStatus, setMemberQueue]);
}
