import type { Config } from '../config.js';
import type { Sql } from '../db/connect.js';
import { defineCallables } from '../http/callable.js';
import { createConcertStatusReader } from './concert/status.js';
import { countTakenTickets } from './tickets/queries.js';
import { createTicketService } from './tickets/service.js';

/** Wires the visitor-facing domain modules into callable functions. */
export function visitorCallables({ sql, config }: { sql: Sql; config: Config }) {
  const concertStatus = createConcertStatusReader(config, () => countTakenTickets(sql, config.capacity));
  const tickets = createTicketService({ sql, capacity: config.capacity, holdMs: config.holdMs, status: concertStatus });
  const callables = defineCallables({
    register: async (_payload, { callerId }) => tickets.holdTicket(callerId),
    deregisterClient: async (_payload, { callerId }) => ({ released: await tickets.releaseTicket(callerId) }),
  });
  return { concertStatus, callables };
}
