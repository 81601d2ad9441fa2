import { defineCallables } from '../../callables.js';
import type { ContactService } from './service.js';

/** A visitor writes to the organisation. */
export function contactCallables(contact: ContactService) {
  return defineCallables({
    sendContactMessage: async ({ email, message, lang }) => contact.send({ email, text: message, lang }),
  });
}
