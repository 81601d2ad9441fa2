import type { EmailType } from '@concert/shared/api';

/** A filled-in e-mail form, handed from one staff page to the e-mail page as navigation state (never in the URL). */
export interface EmailDraft {
  email: string;
  name: string;
  emailType: EmailType;
  ticketId: string;
}

export function isEmailDraft(state: unknown): state is EmailDraft {
  const s = state as Partial<Record<keyof EmailDraft, unknown>> | null;
  return (
    !!s &&
    typeof s.email === 'string' &&
    typeof s.name === 'string' &&
    typeof s.emailType === 'string' &&
    typeof s.ticketId === 'string'
  );
}
