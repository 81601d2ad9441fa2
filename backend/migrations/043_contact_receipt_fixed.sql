-- Issue 39 §10: the contact form's receipt goes to whatever address was typed, so it no longer
-- quotes the typed text (a mail relay for anyone's words and links, from the organisation's sender).
-- The code no longer passes the text; a stored body that still names it gets the fixed default
-- (on a fresh database the seed inserts it after the migrations).
UPDATE copy
SET sv = E'Hej!\n\nTack för att du skrev till {{orgName}}. Vi har fått ditt meddelande och svarar så snart vi kan, oftast inom två arbetsdagar.\n\nBrådskande? Ring {{supportPhone}}, {{supportHours}}.\n\nHar du inte skrivit till oss kan du bortse från det här mejlet.\n\nVarma hälsningar\n{{orgName}}',
    en = E'Hi!\n\nThank you for writing to {{orgName}}. We have received your message and will answer as soon as we can, usually within two working days.\n\nUrgent? Call {{supportPhone}}, {{supportHours}}.\n\nIf you did not write to us, you can ignore this e-mail.\n\nWarm regards\n{{orgName}}',
    updated_at = now(),
    updated_by = 'migration 043'
WHERE key = 'email.contactReceipt.body'
  AND (sv LIKE '%{{contactMessage}}%' OR en LIKE '%{{contactMessage}}%');
