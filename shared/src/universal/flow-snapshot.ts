/**
 * Where a visitor is in the sign-up, as the server keeps it for the session (issue 29): what the
 * page needs to resume a step after a reload, a trip to the BankID app or a link opened anew. The
 * browser saves it after each change (`saveFlow`) and reads it back on every load (`getFlow`); the
 * server seals it (it holds the identified person's names, personal number and the details typed)
 * and checks it against what it knows itself (who BankID identified, the reservation, the sign).
 */
import { z } from 'zod';

/** The steps a visitor can be on mid-flow (path segments under /{lang}/). */
export const FLOW_STEPS = [
  'memberCheck',
  'becomeMember',
  'newDonationAmount',
  'autoAddBank',
  'addAutoGiro',
  'gotToken',
  'toQueue',
  'inQueue',
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

const text = (max: number) => z.string().max(max);
const amount = z.number().int().min(0).max(1_000_000);

export const flowSnapshotSchema = z
  .object({
    step: z.enum(FLOW_STEPS),
    draft: z.object({ personalNumber: text(20), email: text(254) }).strict(),
    person: z
      .object({
        firstName: text(100),
        lastName: text(100),
        personalNumber: text(12),
        email: text(254),
        phone: text(30),
        address: text(200),
        zipCode: text(10),
        city: text(100),
        isMember: z.boolean(),
        personId: text(100).nullable(),
        paymentType: z.union([z.literal(0), z.literal(1)]),
      })
      .strict(),
    authenticatedUser: z
      .object({ personalNumber: text(12), givenName: text(100), surname: text(100), name: text(201) })
      .strict()
      .nullable(),
    paymentInfo: z
      .object({ minimumRaise: amount, months: amount, previousAmount: amount })
      .strict()
      .nullable(),
    userState: z.object({ raise: amount, monthlyAmount: amount }).strict().nullable(),
    newMemberAmount: amount,
    detailsDone: z.boolean(),
    accountInfo: z
      .object({ bank: text(100), clearingNumber: text(20), accountNumber: text(40) })
      .strict()
      .nullable(),
    /** A BankID order the page was waiting for when it went away (the app switch, a reload): polled again on return. */
    bankIdOrder: z
      .object({
        purpose: z.enum(['auth', 'sign']),
        transactionId: text(200),
        url: text(2000),
        sameDevice: z.boolean(),
        startedAt: z.number().int().min(0),
        launched: z.boolean().optional(),
      })
      .strict()
      .nullable(),
    queuedEmail: text(254).nullable(),
    queueOffer: z.boolean(),
  })
  .strict();
export type FlowSnapshot = z.infer<typeof flowSnapshotSchema>;
