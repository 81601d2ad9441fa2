import { defineCallables } from '../../callables.js';
import type { FlowService } from './service.js';

/** The visitor's place in the sign-up, saved and read back (a reload or the BankID app's return resumes it). */
export function flowCallables(flow: FlowService) {
  return defineCallables({
    saveFlow: async ({ flow: snapshot }, { callerId }) => flow.save(callerId, snapshot),
    getFlow: async (_payload, { callerId }) => flow.read(callerId),
  });
}
