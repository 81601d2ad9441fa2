-- Issue 39: the donor is told when a raise's first draw at the new amount moves later than promised.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_email_type_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_email_type_check CHECK (
  email_type IN ('registeredNew', 'registeredMember', 'finalTicket', 'queueConfirmation', 'queueOffer', 'mandateRejected', 'mandateRevoked', 'contactMessage', 'contactReceipt', 'concertChanged', 'ticketCancelled', 'ticketMoved', 'raiseFirstDrawMoved')
  OR email_type ~ '^manual[A-Z][A-Za-z0-9]*$'
);
