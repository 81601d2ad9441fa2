// Issue 29 §6: the contact form delivers the message to the organisation and a receipt to the sender
// (issue 39 §10: a fixed receipt, without the visitor's text).
import { SUPPORT } from '@concert/shared/universal';
import { expect, test } from './fixtures.js';
import { expectMailFitsPhone, mailTo, uniqueEmail } from './visitor-helpers.js';

test('contact: the message reaches the support mailbox, the sender gets a receipt, and only then the page says sent', async ({
  page,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const email = uniqueEmail('kontakt');
  await page.goto('/sv/contact');
  await page.getByLabel(sv('contact.email.label'), { exact: true }).fill(email);
  await page
    .getByLabel(sv('contact.message.label'), { exact: true })
    .fill('Finns det rullstolsplatser på konserten?');
  await page.getByRole('button', { name: sv('contact.send') }).click();
  await expect(page.getByText(sv('contact.sent'))).toBeVisible();
  const receipt = await mailTo(request, email, sv('email.contactReceipt.subject'));
  // A fixed confirmation: the typed text never goes to the typed address (issue 39 §10).
  expect(receipt.text).not.toContain('rullstolsplatser');
  const toSupport = await mailTo(
    request,
    SUPPORT.email,
    sv('email.contactMessage.subject', { senderEmail: email }),
  );
  expect(toSupport.text).toContain(email);
  expect(toSupport.text).toContain('Finns det rullstolsplatser på konserten?');
  await expectMailFitsPhone(page, receipt.html);
});
