-- The contact form's e-mails (issue 29): the message to the organisation's support mailbox and the
-- sender's receipt, both through the outbox.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_email_type_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_email_type_check CHECK (
  email_type IN ('registeredNew', 'registeredMember', 'finalTicket', 'queueConfirmation', 'queueOffer', 'mandateRejected', 'mandateRevoked', 'contactMessage', 'contactReceipt')
  OR email_type ~ '^manual[A-Z][A-Za-z0-9]*$'
);
