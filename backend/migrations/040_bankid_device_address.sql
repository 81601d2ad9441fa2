-- BankID's completionData names the address of the device that approved (device.ipAddress);
-- compared with the endUserIp the order was started with, a difference is logged for review
-- (expected when the QR code is scanned on another device; suspicious for the same device).
-- Only the address's keyed hash is kept, as for personal numbers, and only while the order runs.
ALTER TABLE bankid_transactions
  ADD COLUMN end_user_ip_hash TEXT,
  ADD COLUMN device_ip_matches BOOLEAN;
