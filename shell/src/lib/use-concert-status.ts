import { api, concertStatusAtom, memberQueueAtom } from '@concert/shared/browser';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';

/** Fetches the concert status at start-up (SPEC.md §4); unknown (null) until it answers. */
export function useConcertStatus(): void {
  const setStatus = useSetAtom(concertStatusAtom);
  const setMemberQueue = useSetAtom(memberQueueAtom);
  useEffect(() => {
    api
      .getConcertStatus()
      .then((s) => {
        setStatus(s.concertStatus);
        setMemberQueue(s.memberQueue);
      })
      .catch(() => setStatus(null));
  }, [setStatus, setMemberQueue]);
}
