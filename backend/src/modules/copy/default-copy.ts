/**
 * The seed of every visible text of the product, in Swedish and English (SPEC.md §2, §4, §5, §6, §8).
 *
 * Rules for the texts:
 * - Keys are dotted `section.sub.sub` with camelCase parts.
 * - Texts are plain text; a blank line (`\n\n`) separates paragraphs. No markup.
 * - Every number, date, fee, venue, phone number, e-mail address, opening hour, amount and age comes
 *   from a `{{variable}}`: either the shared constants map `COPY_VARIABLES` (shared/src/universal/constants.ts)
 *   or a runtime variable listed in `RUNTIME_COPY_VARIABLES` (shared/src/universal/copy.ts), supplied by the
 *   screen that renders the text.
 * - Runtime amounts (`amount`, `currentAmount`, `monthlyTotal`, `lowestAmount`) are supplied already
 *   formatted with the currency, the same way as the constants (`150 kr` / `SEK 150`).
 */
import type { CopyKey } from '@concert/shared/universal';

export interface CopyEntry {
  sv: string;
  en: string;
}

/** Variables supplied at render time by the screens: one list, shared with the copy editor. */
export { RUNTIME_COPY_VARIABLES, type RuntimeCopyVariable } from '@concert/shared/universal';

export const DEFAULT_COPY = {
  // ───────────────────────────── Shell ─────────────────────────────
  'shell.header.logo': {
    sv: '{{orgName}} – till startsidan',
    en: '{{orgName}} – go to the start page',
  },
  'shell.header.date': { sv: '{{concertDate}}', en: '{{concertDate}}' },
  'shell.header.switchLanguage': { sv: 'English', en: 'Svenska' },
  'shell.header.switchLanguageLabel': {
    sv: 'Byt språk till engelska',
    en: 'Change language to Swedish',
  },
  'shell.header.countdown': {
    sv: 'Tid kvar: {{minutes}}:{{seconds}}',
    en: 'Time left: {{minutes}}:{{seconds}}',
  },
  'shell.footer.faq': { sv: 'Frågor och svar', en: 'Questions and answers' },
  'shell.footer.contact': { sv: 'Kontakta oss', en: 'Contact us' },
  'shell.footer.contactLabel': {
    sv: 'Mejla oss på {{supportEmail}}',
    en: 'E-mail us at {{supportEmail}}',
  },
  'shell.footer.logout': { sv: 'Logga ut', en: 'Log out' },
  'shell.loading': { sv: 'Laddar…', en: 'Loading…' },
  'shell.remoteUnavailable.title': {
    sv: 'Sidan kunde inte laddas',
    en: 'The page could not be loaded',
  },
  'shell.remoteUnavailable.body': {
    sv: 'En del av sidan gick inte att hämta just nu. Kontrollera din internetanslutning och försök igen.',
    en: 'Part of the page could not be fetched right now. Check your internet connection and try again.',
  },
  'shell.remoteUnavailable.retry': { sv: 'Försök igen', en: 'Try again' },
  'shell.timeIsUp.title': { sv: 'Tiden tog visst slut', en: 'Looks like time ran out' },
  'shell.timeIsUp.body': {
    sv: 'Din biljett var reserverad i {{holdMinutes}} minuter och reservationen har nu gått ut. Du är välkommen att börja om från början.',
    en: 'Your ticket was reserved for {{holdMinutes}} minutes and the reservation has now expired. You are welcome to start over.',
  },
  'shell.timeIsUp.restart': { sv: 'Börja om', en: 'Start over' },
  'shell.inAppBrowser.banner': {
    sv: 'BankID fungerar bäst i Safari eller Chrome: tryck på ⋯ och välj Öppna i webbläsaren.',
    en: 'BankID works best in Safari or Chrome: tap ⋯ and choose Open in browser.',
  },
  'shell.inAppBrowser.copy': { sv: 'Kopiera länken', en: 'Copy the link' },
  'shell.inAppBrowser.copied': {
    sv: 'Länken är kopierad. Klistra in den i Safari eller Chrome.',
    en: 'The link is copied. Paste it into Safari or Chrome.',
  },
  'shell.unsupportedBrowser.title': {
    sv: 'Öppna sidan i din webbläsare',
    en: 'Open the page in your browser',
  },
  'shell.unsupportedBrowser.body': {
    sv: 'Den här webbläsaren stöds tyvärr inte. Kopiera adressen och öppna sidan i telefonens eller datorns vanliga webbläsare, så kan du fortsätta.',
    en: 'Unfortunately this browser is not supported. Copy the address and open the page in the default browser of your phone or computer to continue.',
  },
  'shell.slowRequest': {
    sv: 'Det tar lite längre tid än vanligt. Vänta kvar och stäng inte sidan.',
    en: 'This is taking a little longer than usual. Please wait and do not close the page.',
  },
  'shell.testMode.banner': {
    sv: 'Testläge – inga riktiga anrop görs',
    en: 'Test mode – no real calls are made',
  },
  'shell.testMode.title': { sv: 'Testpanel', en: 'Test panel' },
  'shell.testMode.bankId': { sv: 'Hämtning av bankkonton', en: 'Bank account retrieval' },
  'shell.testMode.memberStatus': { sv: 'Medlemsstatus', en: 'Member status' },
  'shell.testMode.live': { sv: 'Skarpt', en: 'Live' },
  'shell.testMode.success': { sv: 'Lyckas', en: 'Success' },
  'shell.testMode.fail': { sv: 'Misslyckas', en: 'Fail' },
  'shell.testMode.member': { sv: 'Medlem', en: 'Member' },
  'shell.testMode.nonMember': { sv: 'Inte medlem', en: 'Not a member' },
  'shell.testMode.close': { sv: 'Stäng', en: 'Close' },
  'shell.skipToContent': { sv: 'Hoppa till innehållet', en: 'Skip to content' },
  'shell.notFound': {
    sv: 'Sidan du letar efter finns inte.',
    en: 'The page you are looking for does not exist.',
  },
  'shell.siteName': { sv: 'Konsertbiljett', en: 'Concert ticket' },
  'shell.notFoundLink': { sv: 'Till startsidan', en: 'Go to the start page' },

  // ───────────────────────────── Countdown ─────────────────────────────
  'countdown.reserved': {
    sv: 'Din biljett är reserverad i {{holdMinutes}} minuter medan du anmäler dig.',
    en: 'Your ticket is reserved for {{holdMinutes}} minutes while you sign up.',
  },
  'countdown.screenReader': {
    sv: '{{minutes}} minuter och {{seconds}} sekunder kvar av din reservation',
    en: '{{minutes}} minutes and {{seconds}} seconds left of your reservation',
  },
  'countdown.almostUp': {
    sv: 'Mindre än en minut kvar – skynda dig att slutföra din anmälan.',
    en: 'Less than a minute left – please hurry to complete your sign-up.',
  },
  'countdown.minutesLeft': {
    sv: 'Ungefär {{minutes}} minuter kvar av din reservation.',
    en: 'About {{minutes}} minutes left of your reservation.',
  },
  'countdown.moreTime.offer': {
    sv: 'Mindre än en minut kvar av din reservation. Behöver du mer tid?',
    en: 'Less than a minute left of your reservation. Do you need more time?',
  },
  'countdown.moreTime.button': {
    sv: 'Ge mig {{holdExtensionMinutes}} minuter till',
    en: 'Give me {{holdExtensionMinutes}} more minutes',
  },
  'countdown.moreTime.given': {
    sv: 'Din reservation är förlängd med {{holdExtensionMinutes}} minuter.',
    en: 'Your reservation has been extended by {{holdExtensionMinutes}} minutes.',
  },

  // ───────────────────────────── Start ─────────────────────────────
  'start.title': {
    sv: 'Konsert för mänskliga rättigheter',
    en: 'Concert for Human Rights',
  },
  'start.slogan': {
    sv: 'En kväll för allas lika rättigheter',
    en: 'An evening for everyone’s equal rights',
  },
  'start.intro.open': {
    sv: 'Den {{concertDate}} fyller vi {{venue}} i {{city}} med musik för mänskliga rättigheter. Biljetten får du som tack när du blir månadsgivare hos {{orgName}} via autogiro med minst {{minAmount}} i månaden. Är du redan månadsgivare får du en biljett när du höjer din månadsgåva med minst {{minRaise}}.\n\nDu identifierar dig med BankID och får biljetten via e-post. Konserten har åldersgräns {{minAge}} år.',
    en: 'On {{concertDate}} we fill {{venue}} in {{city}} with music for human rights. You get a ticket as a thank-you when you become a monthly donor to {{orgName}} by direct debit (autogiro) with at least {{minAmount}} a month. If you are already a monthly donor, you get a ticket when you raise your monthly donation by at least {{minRaise}}.\n\nYou identify yourself with BankID and receive the ticket by e-mail. The concert has an age limit of {{minAge}}.',
  },
  'start.intro.queue': {
    sv: 'Just nu är alla biljetter bokade. Ställ dig i kön med din e-postadress, så hör vi av oss om det blir fler biljetter lediga.',
    en: 'All tickets are currently booked. Join the queue with your e-mail address and we will contact you if more tickets become available.',
  },
  'start.intro.closed': {
    sv: 'Den {{concertDate}} blir det konsert för mänskliga rättigheter på {{venue}} i {{city}}. Biljetterna är inte släppta än – titta in här igen snart.',
    en: 'On {{concertDate}} there will be a concert for human rights at {{venue}} in {{city}}. Tickets have not been released yet – check back here soon.',
  },
  'start.intro.over': {
    sv: 'Konserten den {{concertDate}} på {{venue}} har varit. Tack till alla som var med, och till alla som står upp för mänskliga rättigheter!\n\nNästa konsert visas här så snart den är klar.',
    en: 'The concert on {{concertDate}} at {{venue}} has taken place. Thank you to everyone who came, and to everyone who stands up for human rights!\n\nThe next concert will be shown here as soon as it is ready.',
  },
  'start.intro.done': {
    sv: 'Anmälan via webben är nu stängd. Fram till klockan {{phoneOrderUntil}} kan du fortfarande beställa biljett per telefon på {{supportPhone}}.\n\nTack till alla som står upp för mänskliga rättigheter!',
    en: 'Online sign-up is now closed. Until {{phoneOrderUntil}} you can still order a ticket by phone on {{supportPhone}}.\n\nThank you to everyone who stands up for human rights!',
  },
  'start.button.buy': { sv: 'Skaffa biljett', en: 'Get your ticket' },
  'start.button.queue': { sv: 'Ställ dig i kö', en: 'Join the queue' },
  'start.button.closed': { sv: 'Biljetterna är inte släppta än', en: 'Tickets not released yet' },
  'start.instructionsLink': { sv: 'Så går det till', en: 'How it works' },
  'start.cover.alt': {
    sv: 'En scen i gult strålkastarljus framför en fullsatt salong, med en tänd ljuslykta i mitten.',
    en: 'A stage in yellow spotlight in front of a full house, with a lit candle lantern in the middle.',
  },
  'start.facts.title': { sv: 'När och var', en: 'When and where' },
  'start.facts.dateLabel': { sv: 'Datum', en: 'Date' },
  'start.facts.date': { sv: '{{concertDate}}', en: '{{concertDate}}' },
  'start.facts.timeLabel': { sv: 'Tid', en: 'Time' },
  'start.facts.time': { sv: 'Kl. {{concertTime}}', en: '{{concertTime}}' },
  'start.facts.placeLabel': { sv: 'Plats', en: 'Venue' },
  'start.facts.place': { sv: '{{venue}}, {{city}}', en: '{{venue}}, {{city}}' },
  'start.lineup.title': { sv: 'På scen', en: 'On stage' },
  'start.lineup.artistsTitle': { sv: 'Artister', en: 'Artists' },
  'start.lineup.artists': {
    sv: 'Linnea Strand\nThe Northern Lights\nAmir Haddad\nKören Fria Röster\nJosefin Nilsson Band',
    en: 'Linnea Strand\nThe Northern Lights\nAmir Haddad\nFria Röster choir\nJosefin Nilsson Band',
  },
  'start.lineup.speakersTitle': { sv: 'Gästtalare', en: 'Guest speakers' },
  'start.lineup.speakers': {
    sv: 'Maryam Karimi, människorättsförsvarare\nJonas Ek, journalist\nAida Mensah, jurist',
    en: 'Maryam Karimi, human rights defender\nJonas Ek, journalist\nAida Mensah, lawyer',
  },
  'start.share.description': {
    sv: 'Musik för mänskliga rättigheter den {{concertDate}} på {{venue}} i {{city}}. Bli månadsgivare hos {{orgName}} och få en biljett som tack.',
    en: 'Music for human rights on {{concertDate}} at {{venue}} in {{city}}. Become a monthly donor to {{orgName}} and get a ticket as a thank-you.',
  },
  'start.statusUnknown': {
    sv: 'Vi kunde inte hämta biljettläget just nu. Ladda om sidan om en liten stund.',
    en: 'We could not fetch the ticket status right now. Please reload the page in a little while.',
  },

  // ───────────────────────────── Privacy ─────────────────────────────
  'privacy.title': { sv: 'Så behandlar vi dina personuppgifter', en: 'How we process your personal data' },
  'privacy.body': {
    sv: '{{orgName}} är personuppgiftsansvarig för de uppgifter du lämnar här: namn, personnummer, adress, telefonnummer, e-postadress och bankkonto.\n\nVi använder uppgifterna för att registrera dig som medlem och månadsgivare, för att dra din månadsgåva via autogiro, för att skicka din konsertbiljett och för att kontakta dig om ditt medlemskap. Den rättsliga grunden är avtalet med dig som medlem och givare.\n\nDitt personnummer används för att identifiera dig med BankID och för autogiromedgivandet. Uppgifterna delas bara med de banker och tjänster som behövs för betalningen och biljetten, och lämnas aldrig ut för andras marknadsföring.\n\nVi sparar uppgifterna så länge du är medlem och därefter så länge bokföringslagen kräver. Anmälningar som aldrig blev klara raderas efter konserten.\n\nDu har rätt att få veta vilka uppgifter vi har om dig, att få fel rättade, att få uppgifter raderade och att invända mot behandlingen. Hör av dig till {{supportEmail}} eller ring {{supportPhone}}. Du kan också klaga hos Integritetsskyddsmyndigheten.',
    en: '{{orgName}} is the controller of the personal data you give here: name, personal identity number, address, phone number, e-mail address and bank account.\n\nWe use the data to register you as a member and monthly donor, to collect your monthly donation by direct debit (autogiro), to send your concert ticket and to contact you about your membership. The legal basis is the agreement with you as a member and donor.\n\nYour personal identity number is used to identify you with BankID and for the direct debit mandate. The data is shared only with the banks and services needed for the payment and the ticket, and is never given to others for their marketing.\n\nWe keep the data for as long as you are a member and after that for as long as the Swedish Bookkeeping Act requires. Sign-ups that were never completed are erased after the concert.\n\nYou have the right to know what data we hold about you, to have errors corrected, to have data erased and to object to the processing. Contact us at {{supportEmail}} or call {{supportPhone}}. You can also complain to the Swedish Authority for Privacy Protection (IMY).',
  },
  'privacy.back': { sv: 'Tillbaka', en: 'Back' },

  // ───────────────────────────── Instructions ─────────────────────────────
  'instructions.title': { sv: 'Så går det till', en: 'How it works' },
  'instructions.intro': {
    sv: 'Det tar bara några minuter att skaffa biljett. Så här gör du:',
    en: 'Getting a ticket only takes a few minutes. Here is how:',
  },
  'instructions.image.alt': {
    sv: 'Bild som visar stegen för att skaffa biljett: identifiera dig med BankID, fyll i dina uppgifter, starta eller höj din månadsgåva och få biljetten via e-post.',
    en: 'Image showing the steps to get a ticket: identify yourself with BankID, fill in your details, start or raise your monthly donation and receive the ticket by e-mail.',
  },
  'instructions.description': {
    sv: 'Först fyller du i ditt personnummer och din e-postadress och identifierar dig med BankID. Då ser vi om du redan är månadsgivare hos {{orgName}}.\n\nÄr du inte månadsgivare fyller du i dina kontaktuppgifter, väljer bankkonto och skriver under ett autogiromedgivande med BankID. Den lägsta månadsgåvan är {{minAmount}}.\n\nÄr du redan månadsgivare höjer du din månadsgåva med minst {{minRaise}} och skriver under med BankID.\n\nTill sist får du en bekräftelse via e-post. Den {{ticketEmailDate}} skickar vi din biljettkod. {{admission}}\n\nNär du har identifierat dig med BankID är en biljett reserverad åt dig, så länge det finns biljetter kvar. Du har {{holdMinutes}} minuter från att du började på dig att bli klar.',
    en: 'First, enter your personal identity number and your e-mail address and identify yourself with BankID. This lets us see whether you are already a monthly donor to {{orgName}}.\n\nIf you are not a monthly donor, fill in your contact details, choose a bank account and sign a direct debit (autogiro) mandate with BankID. The lowest monthly donation is {{minAmount}}.\n\nIf you are already a monthly donor, raise your monthly donation by at least {{minRaise}} and sign with BankID.\n\nFinally, you receive a confirmation by e-mail. On {{ticketEmailDate}} we send your ticket code. {{admission}}\n\nOnce you have identified yourself with BankID a ticket is reserved for you, as long as tickets remain. You have {{holdMinutes}} minutes from when you started to finish.',
  },
  'instructions.back': { sv: 'Tillbaka', en: 'Back' },
  'instructions.steps.identify': { sv: 'Identifiera dig med BankID', en: 'Identify yourself with BankID' },
  'instructions.steps.details': { sv: 'Fyll i dina uppgifter', en: 'Fill in your details' },
  'instructions.steps.donate': {
    sv: 'Starta eller höj din månadsgåva',
    en: 'Start or raise your monthly donation',
  },
  'instructions.steps.ticket': { sv: 'Få biljetten via e-post', en: 'Get your ticket by e-mail' },

  // ───────────────────────────── Member check ─────────────────────────────
  // A place is not a ticket: what the visitor reads before BankID's identification reserved one (issue 27).
  'memberCheck.place.notYet': {
    sv: 'Du har ingen biljett ännu. Biljetter finns kvar – identifiera dig med BankID för att reservera din.',
    en: 'You do not have a ticket yet. Tickets are still available – identify yourself with BankID to reserve yours.',
  },
  'memberCheck.place.ticketsLeft': {
    sv: 'Över {{ticketsLeft}} biljetter kvar just nu.',
    en: 'Over {{ticketsLeft}} tickets left right now.',
  },
  'memberCheck.place.ticketsLeftExact': {
    sv: 'Bara {{ticketsLeft}} biljetter kvar just nu.',
    en: 'Only {{ticketsLeft}} tickets left right now.',
  },
  'memberCheck.place.lastTicket': {
    sv: 'Bara en biljett kvar just nu.',
    en: 'Only one ticket left right now.',
  },
  'memberCheck.soldOut.title': { sv: 'Biljetterna tog slut', en: 'The tickets ran out' },
  'memberCheck.soldOut.body': {
    sv: 'Du är identifierad, men alla biljetter är nu reserverade eller sålda. Ingenting har dragits och du har inte skrivit under något. Ställ dig i kön, så mejlar vi dig ett erbjudande om en biljett blir ledig.',
    en: 'You are identified, but every ticket is now reserved or sold. Nothing has been charged and you have not signed anything. Join the waiting list and we will e-mail you an offer if a ticket becomes available.',
  },
  'memberCheck.soldOut.join': { sv: 'Ställ dig i kön', en: 'Join the waiting list' },
  'reservation.reserved': {
    sv: 'Din biljett är reserverad åt dig. Slutför anmälan innan tiden överst på sidan har gått ut.',
    en: 'Your ticket is reserved for you. Complete your sign-up before the time at the top of the page runs out.',
  },
  'memberCheck.title': { sv: 'Identifiera dig', en: 'Identify yourself' },
  'memberCheck.intro': {
    sv: 'Fyll i ditt personnummer och din e-postadress och identifiera dig sedan med BankID. Då ser vi om du redan är månadsgivare hos {{orgName}}. Biljetten skickas till e-postadressen du anger.',
    en: 'Enter your personal identity number and your e-mail address, then identify yourself with BankID. This lets us see whether you are already a monthly donor to {{orgName}}. The ticket is sent to the e-mail address you enter.',
  },
  'memberCheck.personalNumber.label': { sv: 'Personnummer', en: 'Personal identity number' },
  'memberCheck.personalNumber.hint': { sv: 'ÅÅÅÅMMDD-XXXX', en: 'YYYYMMDD-XXXX' },
  'memberCheck.email.label': { sv: 'E-postadress', en: 'E-mail address' },
  'memberCheck.email.hint': {
    sv: 'Hit skickar vi din biljett.',
    en: 'This is where we send your ticket.',
  },
  'memberCheck.noPersonalNumber.label': {
    sv: 'Jag har inget svenskt personnummer',
    en: 'I do not have a Swedish personal identity number',
  },
  'memberCheck.noPersonalNumber.info': {
    sv: 'Utan svenskt personnummer kan du inte anmäla dig här på sidan, men du kan fortfarande få en biljett.',
    en: 'Without a Swedish personal identity number you cannot sign up on this page, but you can still get a ticket.',
  },
  'memberCheck.noPersonalNumber.link': {
    sv: 'Så gör du utan personnummer',
    en: 'What to do without a personal identity number',
  },
  'memberCheck.accessibilityLink': {
    sv: 'Behöver du rullstolsplats eller annan tillgänglighetsanpassning?',
    en: 'Do you need a wheelchair space or other accessibility arrangements?',
  },
  'memberCheck.underAgePN': {
    sv: 'Du måste ha fyllt {{minAge}} år för att gå på konserten.',
    en: 'You must be at least {{minAge}} years old to attend the concert.',
  },
  'memberCheck.guardianNote': {
    sv: 'Eftersom du är under {{guardianAge}} år behöver du din vårdnadshavares samtycke för att bli medlem. {{orgName}} kontaktar dig om det.',
    en: 'Since you are under {{guardianAge}}, you need your guardian’s consent to become a member. {{orgName}} will contact you about this.',
  },
  'memberCheck.continue': { sv: 'Fortsätt', en: 'Continue' },
  'memberCheck.identify': { sv: 'Identifiera dig med BankID', en: 'Identify with BankID' },
  'memberCheck.formHasErrors': {
    sv: 'Formuläret innehåller fel. Rätta de markerade fälten och försök igen.',
    en: 'The form contains errors. Correct the highlighted fields and try again.',
  },

  // ───────────────────────────── Validation ─────────────────────────────
  'validation.incorrectPN': { sv: 'Ogiltigt personnummer', en: 'Invalid personal identity number' },
  'validation.incorrectEmail': { sv: 'Ogiltig E-post', en: 'Invalid e-mail address' },
  'validation.requiredField': { sv: 'Fältet måste fyllas i', en: 'This field is required' },
  'validation.incorrectZipCode': { sv: 'Ogiltigt postnummer', en: 'Invalid postcode' },
  'validation.invalidCharacters': {
    sv: 'Fältet innehåller tecken som inte är tillåtna',
    en: 'The field contains characters that are not allowed',
  },
  'validation.consentRequired': {
    sv: 'Du behöver bekräfta att du har tagit del av informationen om personuppgifter',
    en: 'You need to confirm that you have read the information about personal data',
  },
  'validation.amountTooLow': {
    sv: 'Den lägsta månadsgåvan är {{minAmount}}',
    en: 'The lowest monthly donation is {{minAmount}}',
  },
  'validation.raiseTooLow': {
    sv: 'Höjningen måste vara minst {{minRaise}} i månaden',
    en: 'The raise must be at least {{minRaise}} a month',
  },
  // Autogiro register (issue 28): checked as the bank checks it (clearing range, account type, check digit)
  'validation.incorrectBankAccount': {
    sv: 'Clearing- och kontonumret hör inte ihop eller kan inte användas för autogiro. Kontrollera dem mot banken.',
    en: 'The clearing and account numbers do not match or cannot be used for direct debit (autogiro). Check them with your bank.',
  },

  // ───────────────────────────── Become member ─────────────────────────────
  'becomeMember.title': { sv: 'Bli månadsgivare', en: 'Become a monthly donor' },
  'becomeMember.intro': {
    sv: 'Fyll i dina uppgifter så blir du medlem och månadsgivare hos {{orgName}}. Som tack får du en biljett till konserten.',
    en: 'Fill in your details to become a member and monthly donor of {{orgName}}. As a thank-you you get a ticket to the concert.',
  },
  'becomeMember.firstName.label': { sv: 'Förnamn', en: 'First name' },
  'becomeMember.lastName.label': { sv: 'Efternamn', en: 'Last name' },
  'becomeMember.phone.label': { sv: 'Telefonnummer', en: 'Phone number' },
  'becomeMember.address.label': { sv: 'Adress', en: 'Address' },
  'becomeMember.address.hint': {
    sv: 'Gatuadress. Har du en c/o-adress skriver du den först.',
    en: 'Street address. If you have a c/o address, write it first.',
  },
  'becomeMember.zipCode.label': { sv: 'Postnummer', en: 'Postcode' },
  'becomeMember.city.label': { sv: 'Ort', en: 'Town or city' },
  'becomeMember.consent.label': {
    sv: 'Jag har tagit del av informationen om hur {{orgName}} behandlar mina personuppgifter *',
    en: 'I have read the information about how {{orgName}} processes my personal data *',
  },
  'becomeMember.consent.link': {
    sv: 'Läs om hur vi behandlar personuppgifter',
    en: 'Read how we process personal data',
  },
  'becomeMember.requiredNote': {
    sv: 'Fält markerade med * måste fyllas i.',
    en: 'Fields marked with * are required.',
  },
  'becomeMember.continue': { sv: 'Fortsätt', en: 'Continue' },

  // ───────────────────────────── New donation amount (existing member) ─────────────────────────────
  'newDonationAmount.title': { sv: 'Höj din månadsgåva', en: 'Raise your monthly donation' },
  'newDonationAmount.greeting': {
    sv: 'Hej {{firstName}}! Tack för att du redan ger {{currentAmount}} i månaden till {{orgName}}.',
    en: 'Hi {{firstName}}! Thank you for already giving {{currentAmount}} a month to {{orgName}}.',
  },
  'newDonationAmount.requiredRaise': {
    sv: 'För att få en biljett behöver du höja din månadsgåva med minst {{minRaise}}.',
    en: 'To get a ticket, you need to raise your monthly donation by at least {{minRaise}}.',
  },
  'newDonationAmount.lowestDonation': {
    sv: 'Din nya månadsgåva blir då minst {{lowestAmount}}.',
    en: 'Your new monthly donation will then be at least {{lowestAmount}}.',
  },
  'newDonationAmount.raise.label': { sv: 'Din höjning per månad', en: 'Your monthly raise' },
  'newDonationAmount.raise.hint': {
    sv: 'Lägsta höjning: {{minRaise}} i månaden.',
    en: 'Lowest raise: {{minRaise}} a month.',
  },
  'newDonationAmount.raise.value': { sv: '+ {{amount}}', en: '+ {{amount}}' },
  'newDonationAmount.increase': { sv: 'Öka med {{donationStep}}', en: 'Increase by {{donationStep}}' },
  'newDonationAmount.decrease': { sv: 'Minska med {{donationStep}}', en: 'Decrease by {{donationStep}}' },
  'newDonationAmount.minimumReached': {
    sv: 'Du kan inte höja med mindre än {{minRaise}}.',
    en: 'You cannot raise by less than {{minRaise}}.',
  },
  'newDonationAmount.monthlyTotal': {
    sv: 'Din nya månadsgåva: {{monthlyTotal}}',
    en: 'Your new monthly donation: {{monthlyTotal}}',
  },
  'newDonationAmount.signInfo': {
    sv: 'Höjningen dras via ditt befintliga autogiro. Du kan när som helst ändra din gåva genom att kontakta oss.',
    en: 'The raise is collected through your existing direct debit (autogiro). You can change your donation at any time by contacting us.',
  },
  'newDonationAmount.sign': { sv: 'Skriv under med BankID', en: 'Sign with BankID' },

  // ───────────────────────────── Bank account retrieval ─────────────────────────────
  'autoAddBank.title': {
    sv: 'Välj konto för din månadsgåva',
    en: 'Choose an account for your monthly donation',
  },
  'autoAddBank.intro': {
    sv: 'Välj din bank och hämta dina konton med BankID, så slipper du skriva in kontonumret själv.',
    en: 'Choose your bank and fetch your accounts with BankID, so you do not have to type in the account number yourself.',
  },
  'autoAddBank.bank.label': { sv: 'Bank', en: 'Bank' },
  'autoAddBank.bank.placeholder': { sv: 'Välj bank', en: 'Choose bank' },
  'autoAddBank.fetchAccounts': { sv: 'Hämta konton med BankID', en: 'Fetch accounts with BankID' },
  'autoAddBank.fetching': { sv: 'Hämtar dina konton…', en: 'Fetching your accounts…' },
  'autoAddBank.account.label': { sv: 'Välj konto', en: 'Choose account' },
  'autoAddBank.account.placeholder': {
    sv: 'Välj det konto gåvan ska dras från',
    en: 'Choose the account to collect the donation from',
  },
  'autoAddBank.continue': { sv: 'Fortsätt', en: 'Continue' },
  'autoAddBank.manualLink': {
    sv: 'Jag vill fylla i kontouppgifterna själv',
    en: 'I want to enter my account details myself',
  },
  'autoAddBank.messages.bankIdFailedActiveSession': {
    sv: 'Det pågår redan en BankID-inloggning för ditt personnummer. Vänta några minuter och försök igen, välj en annan bank eller fyll i kontouppgifterna själv.',
    en: 'A BankID session is already in progress for your personal identity number. Wait a few minutes and try again, choose another bank or enter your account details yourself.',
  },
  'autoAddBank.messages.sessionExpired': {
    sv: 'Tiden för att hämta dina konton gick ut. Försök igen.',
    en: 'The time to fetch your accounts ran out. Please try again.',
  },
  'autoAddBank.messages.noAccountsFound': {
    sv: 'Vi hittade inga tillgängliga bankkonton. Försök igen, välj en annan bank eller fyll i kontouppgifterna själv.',
    en: 'We found no available bank accounts. Try again, choose another bank or enter your account details yourself.',
  },
  'autoAddBank.messages.technicalProblems': {
    sv: 'Banken har tekniska problem just nu och vi kunde inte hämta några konton. Försök igen, välj en annan bank eller fyll i kontouppgifterna själv.',
    en: 'The bank is having technical problems right now and we could not fetch any accounts. Try again, choose another bank or enter your account details yourself.',
  },
  'autoAddBank.messages.authenticationProblem': {
    sv: 'Banken kunde inte identifiera dig och vi kunde inte hämta några konton. Försök igen, välj en annan bank eller fyll i kontouppgifterna själv.',
    en: 'The bank could not identify you and we could not fetch any accounts. Try again, choose another bank or enter your account details yourself.',
  },
  'autoAddBank.messages.unknownProblem': {
    sv: 'Hämtningen av dina konton misslyckades av okänd anledning. Försök igen, välj en annan bank eller fyll i kontouppgifterna själv.',
    en: 'Fetching your accounts failed for an unknown reason. Try again, choose another bank or enter your account details yourself.',
  },
  'autoAddBank.messages.bankIdStartingError': {
    sv: 'BankID kunde inte startas. Försök igen eller fyll i kontouppgifterna själv.',
    en: 'BankID could not be started. Try again or enter your account details yourself.',
  },
  'autoAddBank.messages.internalError': {
    sv: 'Ett internt fel uppstod när dina konton skulle hämtas. Försök igen eller fyll i kontouppgifterna själv.',
    en: 'An internal error occurred while fetching your accounts. Try again or enter your account details yourself.',
  },

  // ───────────────────────────── Direct debit (autogiro) ─────────────────────────────
  'addAutoGiro.title': { sv: 'Starta din månadsgåva', en: 'Start your monthly donation' },
  'addAutoGiro.intro': {
    sv: 'Fyll i kontot som din månadsgåva ska dras från via autogiro.',
    en: 'Enter the account your monthly donation will be collected from by direct debit (autogiro).',
  },
  'addAutoGiro.bank.label': { sv: 'Bank', en: 'Bank' },
  'addAutoGiro.clearingNumber.label': { sv: 'Clearingnummer', en: 'Clearing number' },
  'addAutoGiro.clearingNumber.hint': {
    sv: 'Fyra eller fem siffror. Du hittar det i din internetbank.',
    en: 'Four or five digits. You can find it in your online bank.',
  },
  'addAutoGiro.accountNumber.label': { sv: 'Kontonummer', en: 'Account number' },
  'addAutoGiro.accountNumber.hint': {
    sv: 'Kontonumret utan clearingnummer.',
    en: 'The account number without the clearing number.',
  },
  'addAutoGiro.amount.label': { sv: 'Månadsgåva', en: 'Monthly donation' },
  'addAutoGiro.amount.hint': {
    sv: 'Minst {{minAmount}} i månaden.',
    en: 'At least {{minAmount}} a month.',
  },
  'addAutoGiro.amount.increase': { sv: 'Öka med {{donationStep}}', en: 'Increase by {{donationStep}}' },
  'addAutoGiro.amount.decrease': { sv: 'Minska med {{donationStep}}', en: 'Decrease by {{donationStep}}' },
  'addAutoGiro.amount.summary': {
    sv: 'Du ger {{amount}} i månaden.',
    en: 'You give {{amount}} a month.',
  },
  'addAutoGiro.agreement': {
    sv: 'När du skriver under godkänner du att {{orgName}} drar din månadsgåva från kontot via autogiro. Du kan när som helst ändra eller avsluta gåvan genom att kontakta oss.',
    en: 'By signing, you agree that {{orgName}} collects your monthly donation from the account by direct debit (autogiro). You can change or cancel the donation at any time by contacting us.',
  },
  'addAutoGiro.sign': { sv: 'Skriv under digitalt', en: 'Sign digitally' },
  'addAutoGiro.waiting': { sv: 'Väntar på din underskrift…', en: 'Waiting for your signature…' },

  // ───────────────────────────── BankID ─────────────────────────────
  'bankId.title.auth': { sv: 'Identifiera dig med BankID', en: 'Identify yourself with BankID' },
  'bankId.title.sign': { sv: 'Skriv under med BankID', en: 'Sign with BankID' },
  'bankId.sameDevice': { sv: 'BankID på den här enheten', en: 'BankID on this device' },
  'bankId.otherDevice': { sv: 'BankID på en annan enhet', en: 'BankID on another device' },
  'bankId.openApp': { sv: 'Öppna BankID-appen', en: 'Open the BankID app' },
  'bankId.qr.instructions': {
    sv: 'Öppna BankID-appen i din mobil eller surfplatta. Tryck på QR-symbolen och rikta kameran mot QR-koden här.',
    en: 'Open the BankID app on your phone or tablet. Tap the QR symbol and point the camera at the QR code here.',
  },
  'bankId.qr.alt': { sv: 'QR-kod för BankID', en: 'QR code for BankID' },
  'bankId.waiting': { sv: 'Väntar på BankID…', en: 'Waiting for BankID…' },
  'bankId.cancel': { sv: 'Avbryt', en: 'Cancel' },
  'bankId.tryAgain': { sv: 'Försök igen', en: 'Try again' },
  'bankId.success': { sv: 'Klart!', en: 'Done!' },
  'bankId.timeout': {
    sv: 'Det tog för lång tid och BankID avbröts. Försök igen.',
    en: 'It took too long and BankID was cancelled. Please try again.',
  },
  'bankId.hints.userCallConfirm': {
    sv: 'Svara i BankID-appen på frågan om du just nu pratar i telefon med någon som har bett dig använda BankID.',
    en: 'In the BankID app, answer whether you are currently on the phone with someone who asked you to use BankID.',
  },
  'bankId.hints.userDeclinedCall': {
    sv: 'Åtgärden avbröts eftersom du angav att du inte pratar i telefon med oss. Försök igen om du vill.',
    en: 'Action cancelled because you indicated that you are not on the phone with us. Try again if you wish.',
  },
  'bankId.hints.notSupportedByUserApp': {
    sv: 'Din BankID-app behöver uppdateras. Uppdatera den från din appbutik och försök igen.',
    en: 'Your BankID app needs to be updated. Update it from your app store and try again.',
  },
  'bankId.hints.transactionRiskBlocked': {
    sv: 'BankID stoppade åtgärden av säkerhetsskäl. Kontakta din bank om det händer igen.',
    en: 'BankID stopped the action for security reasons. Contact your bank if it happens again.',
  },
  'bankId.appDidNotOpen': {
    sv: 'Öppnades inte BankID-appen? Tryck på Öppna BankID. Finns inte appen på den här enheten kan du avbryta och välja BankID på en annan enhet.',
    en: 'Did the BankID app not open? Tap Open BankID. If the app is not on this device, cancel and choose BankID on another device.',
  },
  'bankId.openAppFallback': { sv: 'Öppna BankID', en: 'Open BankID' },
  'bankId.inAppBrowser': {
    sv: 'Du har öppnat sidan i en app, till exempel Instagram. Tryck på Öppna BankID och gå sedan tillbaka hit till appen när du är klar i BankID-appen. Öppnas inte BankID-appen: tryck på ⋯ och välj Öppna i webbläsaren, eller välj BankID på en annan enhet.',
    en: 'You opened this page inside an app, such as Instagram. Tap Open BankID, then come back here to the app when you are done in the BankID app. If the BankID app does not open: tap ⋯ and choose Open in browser, or choose BankID on another device.',
  },
  'bankId.mock.title': { sv: 'BankID (test)', en: 'BankID (test)' },
  'bankId.mock.body': {
    sv: 'Det här är en testsida som låtsas vara BankID. Ingen riktig identifiering görs.',
    en: 'This is a test page that pretends to be BankID. No real identification takes place.',
  },
  'bankId.mock.approve': { sv: 'Godkänn', en: 'Approve' },
  'bankId.mock.reject': { sv: 'Avbryt', en: 'Cancel' },
  // BankID's recommended user messages, word for word (developers.bankid.com; ../shared/BANKID-TEXTS.md),
  // one key per RFA number. Never reword these: the product's own texts (where BankID has none) are
  // the bankId.* keys above. RFA14 was withdrawn by BankID in 2023 (`started` is RFA15A/B).
  'bankId.rfa1': { sv: 'Starta BankID-appen.', en: 'Start your BankID app.' },
  'bankId.rfa3': { sv: 'Åtgärden avbröts. Försök igen.', en: 'The action was cancelled. Please try again.' },
  'bankId.rfa4': {
    sv: 'En identifiering eller underskrift pågår redan för ditt personnummer. Försök igen.',
    en: 'An identification or signature is already in progress for your personal identity number. Please try again.',
  },
  'bankId.rfa5': { sv: 'Något gick fel. Försök igen.', en: 'Something went wrong. Please try again.' },
  'bankId.rfa6': { sv: 'Åtgärden avbröts.', en: 'The action was cancelled.' },
  'bankId.rfa8': {
    sv: 'BankID-appen svarar inte. Kontrollera att den är startad och att du har internetanslutning. Försök sedan igen.',
    en: "The BankID app is not responding. Please check that it's started and that you have internet access. Try again.",
  },
  'bankId.rfa9': {
    sv: 'Skriv in din säkerhetskod i BankID-appen och välj Identifiera eller Skriv under.',
    en: 'Enter your security code in the BankID app and select Identify or Sign.',
  },
  'bankId.rfa13': { sv: 'Försöker starta BankID-appen.', en: 'Trying to start your BankID app.' },
  'bankId.rfa15A': {
    sv: 'Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här datorn. Om du har ett BankID på kort, sätt in kortet i kortläsaren.',
    en: 'Searching for BankID. Make sure you have a valid BankID on this computer. If you have a BankID on card, please insert the card into your card reader.',
  },
  'bankId.rfa15B': {
    sv: 'Söker efter BankID. Säkerställ att du har ett giltigt BankID på den här enheten.',
    en: 'Searching for BankID. Make sure you have a valid BankID on this device.',
  },
  'bankId.rfa16': {
    sv: 'Ditt BankID är för gammalt eller spärrat. Använd ett annat BankID eller skaffa ett nytt hos din bank.',
    en: 'Your BankID is blocked or too old. Please use another BankID or get a new one from your bank.',
  },
  'bankId.rfa17A': {
    sv: 'Du verkar inte ha BankID-appen/programmet. Installera den och skaffa ett BankID hos din bank.',
    en: "You don't seem to have the BankID app/program. Please install it and get a BankID from your bank.",
  },
  'bankId.rfa17B': {
    sv: 'Misslyckades att läsa av QR-koden. Starta BankID-appen och läs av QR-koden.',
    en: 'Failed to scan the QR code. Start the BankID app and scan the QR code.',
  },
  'bankId.rfa19': {
    sv: 'Vill du använda BankID på den här datorn eller ett Mobilt BankID?',
    en: 'Would you like to use BankID on this computer, or a Mobile BankID?',
  },
  'bankId.rfa20': {
    sv: 'Vill du använda BankID på den här enheten eller på en annan enhet?',
    en: 'Do you want to use BankID on this device or another device?',
  },
  'bankId.rfa21': {
    sv: 'En identifiering eller underskrift pågår.',
    en: 'An identification or signing is in progress.',
  },
  'bankId.rfa22': { sv: 'Något gick fel. Försök igen.', en: 'Something went wrong. Please try again.' },
  'bankId.rfa23': {
    sv: 'Fotografera och läs av din ID-handling med BankID-appen.',
    en: 'Take a photo of, and scan, your ID document with the BankID app.',
  },

  // ───────────────────────────── Card check ─────────────────────────────
  'checkCard.title': { sv: 'Kontrollerar betalningen', en: 'Checking the payment' },
  'checkCard.spinner': {
    sv: 'Vänta medan vi kontrollerar din betalning…',
    en: 'Please wait while we check your payment…',
  },
  'checkCard.cardChoice.label': { sv: 'Betala med kort', en: 'Pay by card' },
  'checkCard.cardChoice.description': {
    sv: 'Betala din gåva med bank- eller kreditkort.',
    en: 'Pay your donation with a debit or credit card.',
  },

  // ───────────────────────────── Got ticket ─────────────────────────────
  'gotToken.title': { sv: 'Tack, {{firstName}}!', en: 'Thank you, {{firstName}}!' },
  'gotToken.thanks': {
    sv: 'Tack för att du står upp för mänskliga rättigheter tillsammans med {{orgName}}. Vi ses på {{venue}} den {{concertDate}}!',
    en: 'Thank you for standing up for human rights together with {{orgName}}. See you at {{venue}} on {{concertDate}}!',
  },
  'gotToken.sent': {
    sv: 'Vi har skickat en bekräftelse på din biljett till {{email}}.',
    en: 'We have sent a confirmation of your ticket to {{email}}.',
  },
  'gotToken.ticketCode': {
    sv: 'Den {{ticketEmailDate}} får du ett mejl med din biljettkod. {{admission}}',
    en: 'On {{ticketEmailDate}} you will receive an e-mail with your ticket code. {{admission}}',
  },
  'admission.door': {
    sv: 'Biljettkoden är din biljett: visa QR-koden i mejlet eller på biljettsidan i entrén, så släpper vi in dig. Biljetten kostar ingenting.',
    en: 'The ticket code is your ticket: show the QR code in the e-mail or on the ticket page at the entrance and we will let you in. The ticket costs nothing.',
  },
  'admission.seller': {
    sv: 'Med koden hämtar du ut biljetten hos {{sellerName}}, som tar ut en administrativ avgift på {{sellerFee}}.',
    en: 'Use the code to collect your ticket from {{sellerName}}, who charges an administration fee of {{sellerFee}}.',
  },
  'gotToken.spam': {
    sv: 'Hittar du inte mejlet? Titta i skräpposten.',
    en: 'Cannot find the e-mail? Check your spam folder.',
  },
  'gotToken.support': {
    sv: 'Har du frågor? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.',
    en: 'Any questions? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.',
  },

  // ───────────────────────────── Under age ─────────────────────────────
  'underAge.title': { sv: 'Du är tyvärr för ung', en: 'Sorry, you are too young' },
  'underAge.body': {
    sv: 'Konserten den {{concertDate}} har åldersgräns {{minAge}} år, så du kan tyvärr inte få en biljett den här gången.',
    en: 'The concert on {{concertDate}} has an age limit of {{minAge}}, so unfortunately you cannot get a ticket this time.',
  },
  'underAge.youth': {
    sv: 'Men du kan fortfarande göra skillnad! Bli ungdomsmedlem hos {{orgName}} och var med och kämpa för mänskliga rättigheter.',
    en: 'But you can still make a difference! Become a youth member of {{orgName}} and join the fight for human rights.',
  },
  'underAge.youthLink': { sv: 'Läs om ungdomsmedlemskap', en: 'Read about youth membership' },
  'underAge.back': { sv: 'Till startsidan', en: 'Go to the start page' },

  // ───────────────────────────── Special cases ─────────────────────────────
  'specialCases.noPersonalId.title': {
    sv: 'Har du inget svenskt personnummer?',
    en: 'No Swedish personal identity number?',
  },
  'specialCases.noPersonalId.body': {
    sv: 'Utan svenskt personnummer kan du inte bli månadsgivare via autogiro här på sidan. Du kan i stället ge en engångsgåva och få en biljett som tack. Ring oss på {{supportPhone}} så hjälper vi dig.',
    en: 'Without a Swedish personal identity number you cannot become a monthly donor by direct debit on this page. Instead, you can make a one-time donation and get a ticket as a thank-you. Call us on {{supportPhone}} and we will help you.',
  },
  'specialCases.accessibility.title': { sv: 'Tillgänglighet', en: 'Accessibility' },
  'specialCases.accessibility.body': {
    sv: 'Behöver du rullstolsplats, plats för ledsagare eller någon annan anpassning? Sådana platser bokar du genom att ringa oss på {{supportPhone}}.',
    en: 'Do you need a wheelchair space, a seat for a companion or other arrangements? You book such seats by calling us on {{supportPhone}}.',
  },
  'specialCases.contact': {
    sv: 'Telefontider: {{supportHours}}. Du kan också mejla oss på {{supportEmail}}.',
    en: 'Phone hours: {{supportHours}}. You can also e-mail us at {{supportEmail}}.',
  },
  'specialCases.back': { sv: 'Tillbaka', en: 'Back' },

  // ───────────────────────────── Queue ─────────────────────────────
  'toQueue.title': { sv: 'Ställ dig i kö', en: 'Join the queue' },
  'toQueue.intro': {
    sv: 'Just nu är alla biljetter bokade. Lämna dina uppgifter så hör vi av oss via e-post om det blir en biljett ledig åt dig.',
    en: 'All tickets are currently booked. Leave your details and we will contact you by e-mail if a ticket becomes available for you.',
  },
  'toQueue.email.label': { sv: 'E-postadress', en: 'E-mail address' },
  'toQueue.firstName.label': { sv: 'Förnamn', en: 'First name' },
  'toQueue.lastName.label': { sv: 'Efternamn', en: 'Last name' },
  'toQueue.join': { sv: 'Ställ mig i kön', en: 'Add me to the queue' },
  'toQueue.joining': { sv: 'Ställer dig i kön…', en: 'Adding you to the queue…' },
  'inQueue.title': { sv: 'Du står i kön', en: 'You are in the queue' },
  'inQueue.body': {
    sv: 'Tack! Vi har skickat ett mejl till {{email}}. Öppna länken i mejlet inom {{queueConfirmHours}} timmar för att bekräfta din plats i kön. Om det blir en biljett ledig åt dig hör vi av oss dit.',
    en: 'Thank you! We have sent an e-mail to {{email}}. Open the link in it within {{queueConfirmHours}} hours to confirm your place in the queue. If a ticket becomes available for you, we will write to you there.',
  },
  'queueConfirm.title': { sv: 'Din plats i kön', en: 'Your place in the queue' },
  'queueConfirm.working': { sv: 'Bekräftar din plats i kön…', en: 'Confirming your place in the queue…' },
  'queueConfirm.confirmed': {
    sv: 'Klart! Du står nu i kön. Om det blir en biljett ledig åt dig skriver vi till dig.',
    en: 'Done! You are now in the queue. If a ticket becomes available for you, we will write to you.',
  },
  'queueConfirm.expired': {
    sv: 'Länken gäller inte längre (den gäller i {{queueConfirmHours}} timmar och bara för den kö-anmälan den skickades för). Ställ dig i kön igen från startsidan, så får du en ny länk.',
    en: 'This link is no longer valid (it is valid for {{queueConfirmHours}} hours and only for the request it was sent for). Join the queue again from the start page to get a new link.',
  },
  'queueConfirm.failed': {
    sv: 'Det gick inte att bekräfta just nu. Försök igen om en stund.',
    en: 'Your place could not be confirmed just now. Please try again in a moment.',
  },
  'queueConfirm.retry': { sv: 'Försök igen', en: 'Try again' },
  'queueConfirm.back': { sv: 'Till startsidan', en: 'Go to the start page' },
  'inQueue.back': { sv: 'Till startsidan', en: 'Go to the start page' },

  // ───────────────────────────── Waiting-list offers ─────────────────────────────
  'queueOffer.title': { sv: 'En biljett till dig', en: 'A ticket for you' },
  'queueOffer.working': { sv: 'Vi reserverar biljetten åt dig…', en: 'Reserving the ticket for you…' },
  'queueOffer.failed': {
    sv: 'Det gick inte att öppna erbjudandet just nu. Försök igen om en stund.',
    en: 'The offer could not be opened just now. Please try again in a moment.',
  },
  'queueOffer.retry': { sv: 'Försök igen', en: 'Try again' },
  'queueOffer.expired': {
    sv: 'Erbjudandet gäller inte längre: länken har gått ut eller erbjudandet har avböjts, och biljetten har gått vidare till nästa person i kön. Har du frågor? Mejla {{supportEmail}}.',
    en: 'This offer is no longer valid: the link has run out or the offer was declined, and the ticket has gone to the next person in the queue. Any questions? E-mail {{supportEmail}}.',
  },
  'queueOffer.used': {
    sv: 'Länken har redan öppnats, och den går bara att använda en gång. Fortsätt i webbläsaren där du öppnade den först. Har du frågor? Mejla {{supportEmail}}.',
    en: 'This link has already been opened, and it can only be used once. Continue in the browser where you first opened it. Any questions? E-mail {{supportEmail}}.',
  },
  'queueOffer.decline.intro': {
    sv: 'Vill du inte ha biljetten? Tryck på knappen, så går den direkt vidare till nästa person i kön. Du lämnar då kön.',
    en: 'Do you not want the ticket? Press the button and it goes straight to the next person in the queue. You then leave the queue.',
  },
  'queueOffer.decline.button': {
    sv: 'Nej tack, ge biljetten till nästa i kön',
    en: 'No thanks, give the ticket to the next in the queue',
  },
  'queueOffer.decline.working': { sv: 'Avböjer…', en: 'Declining…' },
  'queueOffer.declined': {
    sv: 'Tack för att du sa till! Biljetten har gått vidare till nästa person i kön.',
    en: 'Thank you for letting us know! The ticket has gone to the next person in the queue.',
  },
  'queueOffer.back': { sv: 'Till startsidan', en: 'Go to the start page' },
  'queueConfirm.position': {
    sv: 'Du är nummer {{position}} i kön. När en biljett blir ledig åt dig får du ett mejl med en länk.',
    en: 'You are number {{position}} in the queue. When a ticket becomes available for you, you will get an e-mail with a link.',
  },
  'queueConfirm.state.offered': {
    sv: 'Det finns en biljett åt dig! Vi har mejlat dig en länk: öppna den för att ta biljetten.',
    en: 'There is a ticket for you! We have e-mailed you a link: open it to take the ticket.',
  },
  'queueConfirm.state.accepted': {
    sv: 'Du har fått en biljett genom kön. Biljetten har skickats till din e-post.',
    en: 'You got a ticket through the queue. It has been sent to your e-mail.',
  },
  'queueConfirm.state.ended': { sv: 'Du står inte längre i kön.', en: 'You are no longer in the queue.' },
  'queueConfirm.leave': { sv: 'Lämna kön', en: 'Leave the queue' },
  'queueConfirm.leaving': { sv: 'Lämnar kön…', en: 'Leaving the queue…' },
  'queueConfirm.left': {
    sv: 'Du har lämnat kön. Tack för att du sa till!',
    en: 'You have left the queue. Thank you for letting us know!',
  },
  'queueConfirm.leaveFailed': {
    sv: 'Det gick inte att lämna kön just nu. Försök igen om en stund.',
    en: 'You could not leave the queue just now. Please try again in a moment.',
  },
  'inQueue.waiting': {
    sv: 'Antal som står i kön just nu: {{waiting}}. Din plats räknas från det att du har bekräftat den.',
    en: 'People in the queue right now: {{waiting}}. Your place counts from when you have confirmed it.',
  },
  'inQueue.position': {
    sv: 'Du är nummer {{position}} i kön.',
    en: 'You are number {{position}} in the queue.',
  },
  'error.messages.offerExpired': {
    sv: 'Erbjudandet om en biljett gäller inte längre: tiden har gått ut eller erbjudandet har avböjts, och biljetten har gått vidare till nästa person i kön.',
    en: 'The ticket offer is no longer valid: the time has run out or the offer was declined, and the ticket has gone to the next person in the queue.',
  },
  'error.messages.offerUsed': {
    sv: 'Länken till erbjudandet har redan använts. Den går bara att använda en gång, i webbläsaren där den först öppnades.',
    en: 'The link to the offer has already been used. It can only be used once, in the browser where it was first opened.',
  },
  'error.messages.offerNotYours': {
    sv: 'Erbjudandet gäller bara personen vi skickade det till, och e-postadressen måste vara den som stod i kön. Fick du länken av någon annan? Då kan du själv ställa dig i kön från startsidan. Stod du själv i kön? Gå tillbaka och skriv in den e-postadress du ställde dig i kön med.',
    en: 'The offer is only for the person we sent it to, and the e-mail address must be the one that was in the queue. Did someone else give you the link? Then you can join the queue yourself from the start page. Were you in the queue yourself? Go back and enter the e-mail address you joined the queue with.',
  },
  'error.messages.fileAnswered': {
    sv: 'Filen kan inte tas tillbaka: Bankgirots svar på den är redan inläst, så banken har fått den.',
    en: 'The file cannot be taken back: Bankgirot’s answer to it has been read, so the bank has it.',
  },
  'error.messages.fileDependedOn': {
    sv: 'Filen kan inte tas tillbaka: en senare fil eller ändring bygger på den. Kontakta Bankgirot om den inte skickades.',
    en: 'The file cannot be taken back: a later file or change builds on it. Contact Bankgirot if it was not sent.',
  },
  'email.queueOffer.subject': {
    sv: 'En biljett till konserten den {{concertDate}} väntar på dig',
    en: 'A ticket for the concert on {{concertDate}} is waiting for you',
  },
  'email.queueOffer.body': {
    sv: 'Hej {{firstName}}!\n\nEn biljett till konserten på {{venue}} i {{city}} den {{concertDate}} har blivit ledig, och du står först i kön. Den är reserverad åt dig.\n\nÖppna länken senast {{offerDeadline}} ({{offerHours}} timmar från det här mejlet):\n\n{{offerUrl}}\n\nNär du har öppnat länken har du {{holdMinutes}} minuter på dig att legitimera dig med BankID och bli månadsgivare eller höja ditt månadsgivande, precis som vanligt. Använd den här e-postadressen ({{email}}) när du fyller i dina uppgifter: biljetten gäller bara dig. Länken fungerar en gång.\n\nVill du inte ha biljetten? Tryck här, så går den direkt till nästa person i kön:\n\n{{declineUrl}}\n\nHar du frågor? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.\n\nVarma hälsningar\n{{orgName}}',
    en: 'Hi {{firstName}}!\n\nA ticket for the concert at {{venue}} in {{city}} on {{concertDate}} has become available, and you are first in the queue. It is reserved for you.\n\nOpen the link by {{offerDeadline}} ({{offerHours}} hours from this e-mail):\n\n{{offerUrl}}\n\nOnce you have opened the link you have {{holdMinutes}} minutes to identify yourself with BankID and become a monthly donor or raise your monthly donation, as usual. Use this e-mail address ({{email}}) when you fill in your details: the ticket is only for you. The link works once.\n\nDo you not want the ticket? Press here and it goes straight to the next person in the queue:\n\n{{declineUrl}}\n\nAny questions? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.\n\nWarm regards\n{{orgName}}',
  },
  'admin.nav.queue': { sv: 'Kön', en: 'Queue' },
  'admin.queue.title': { sv: 'Kön', en: 'The queue' },
  'admin.queue.intro': {
    sv: 'När en biljett blir ledig medan någon står i kön erbjuds den till den som står först, via e-post. Ett erbjudande som inte används i tid eller som avböjs går direkt vidare till nästa.',
    en: 'When a ticket becomes free while people are queuing, it is offered by e-mail to the first in line. An offer not used in time, or declined, goes straight to the next person.',
  },
  'admin.queue.loading': { sv: 'Hämtar kön…', en: 'Loading the queue…' },
  'admin.queue.error': {
    sv: 'Kön kunde inte hämtas: {{message}}',
    en: 'The queue could not be loaded: {{message}}',
  },
  'admin.queue.refresh': { sv: 'Uppdatera', en: 'Refresh' },
  'admin.queue.countsLabel': { sv: 'Antal per läge', en: 'Count per state' },
  'admin.queue.running': { sv: 'Erbjudanden skickas automatiskt.', en: 'Offers are sent automatically.' },
  'admin.queue.pausedNotice': {
    sv: 'Erbjudandena är pausade: lediga biljetter väntar på kön tills du återupptar dem.',
    en: 'Offers are paused: free tickets wait for the queue until you resume them.',
  },
  'admin.queue.pause': { sv: 'Pausa erbjudandena', en: 'Pause the offers' },
  'admin.queue.resume': { sv: 'Återuppta erbjudandena', en: 'Resume the offers' },
  'admin.queue.sendNext': { sv: 'Skicka nästa erbjudande nu', en: 'Send the next offer now' },
  'admin.queue.sent': {
    sv: 'Erbjudandet har skickats till den som står först i kön.',
    en: 'The offer has been sent to the first person in the queue.',
  },
  'admin.queue.nothingToSend': {
    sv: 'Inget erbjudande skickades: ingen biljett är ledig, eller ingen väntar.',
    en: 'No offer was sent: no ticket is free, or nobody is waiting.',
  },
  'admin.queue.actionFailed': { sv: 'Det gick inte: {{message}}', en: 'That did not work: {{message}}' },
  'admin.queue.hours.label': {
    sv: 'Timmar som ett nytt erbjudande gäller',
    en: 'Hours a new offer is valid',
  },
  'admin.queue.hours.hint': {
    sv: 'Räknas från när mejlet skickas. Erbjudanden som redan skickats behåller sin tid.',
    en: 'Counted from when the e-mail is sent. Offers already sent keep their time.',
  },
  'admin.queue.hours.save': { sv: 'Spara', en: 'Save' },
  'admin.queue.hours.saved': {
    sv: 'Sparat: nya erbjudanden gäller i {{hours}} timmar.',
    en: 'Saved: new offers are valid for {{hours}} hours.',
  },
  'admin.queue.hours.invalid': {
    sv: 'Ange ett giltigt antal timmar: i hela kvartstimmar och högst en vecka.',
    en: 'Enter a valid number of hours: in whole quarter hours and at most a week.',
  },
  'admin.queue.listLabel': { sv: 'Personer i kön', en: 'People in the queue' },
  'admin.queue.empty': {
    sv: 'Ingen har bekräftat en plats i kön.',
    en: 'Nobody has confirmed a place in the queue.',
  },
  'admin.queue.position': { sv: 'Plats {{position}}', en: 'Place {{position}}' },
  'admin.queue.offerUntil': {
    sv: 'Erbjudandet gäller till {{time}}',
    en: 'The offer is valid until {{time}}',
  },
  'admin.queue.opened': { sv: 'Länken är öppnad', en: 'The link has been opened' },
  'admin.queue.byHand': { sv: 'Skickat för hand', en: 'Sent by hand' },

  // ───────────────────────────── News ─────────────────────────────
  'news.title': { sv: 'Nyheter', en: 'News' },
  'news.readMore': { sv: 'Läs mer', en: 'Read more' },
  'news.back': { sv: 'Tillbaka till nyheterna', en: 'Back to the news' },
  'news.notFound': { sv: 'Artikeln finns inte.', en: 'The article does not exist.' },
  'news.articles.lineup.title': {
    sv: 'Artisterna är klara för konserten',
    en: 'The artists for the concert are confirmed',
  },
  'news.articles.lineup.body': {
    sv: 'Nu kan vi berätta vilka som står på scenen på {{venue}} den {{concertDate}}. Artister och talare från hela landet samlas för en kväll i de mänskliga rättigheternas tecken.\n\nAlla som blir månadsgivare hos {{orgName}} får en biljett som tack. Varje gåva gör det möjligt för oss att fortsätta arbetet för människor vars rättigheter kränks.',
    en: 'We can now reveal who will be on stage at {{venue}} on {{concertDate}}. Artists and speakers from all over the country come together for an evening dedicated to human rights.\n\nEveryone who becomes a monthly donor to {{orgName}} gets a ticket as a thank-you. Every donation makes it possible for us to continue working for people whose rights are violated.',
  },
  'news.articles.monthlyDonors.title': {
    sv: 'Därför gör månadsgivare skillnad',
    en: 'Why monthly donors make a difference',
  },
  'news.articles.monthlyDonors.body': {
    sv: 'Som månadsgivare ger du {{orgName}} en stabil grund att stå på. När vi vet att stödet finns där varje månad kan vi planera långsiktigt, agera snabbt när något händer och stå kvar vid människors sida så länge det behövs.\n\nDet är enkelt att bli månadsgivare via autogiro, och du kan när som helst ändra eller avsluta din gåva.',
    en: 'As a monthly donor you give {{orgName}} a stable foundation. When we know the support is there every month, we can plan for the long term, act quickly when something happens and stay by people’s side for as long as it takes.\n\nBecoming a monthly donor by direct debit is easy, and you can change or cancel your donation at any time.',
  },

  // ───────────────────────────── The attendee's ticket page (issue 29) ─────────────────────────────
  'ticket.title': { sv: 'Din biljett', en: 'Your ticket' },
  'ticket.holder': {
    sv: 'Biljett för {{firstName}} {{lastName}}',
    en: 'Ticket for {{firstName}} {{lastName}}',
  },
  'ticket.qrAlt': { sv: 'QR-kod för biljett {{ticketId}}', en: 'QR code of ticket {{ticketId}}' },
  'ticket.door': {
    sv: 'Visa QR-koden i entrén, så skannar entrévärdarna den. Ta med legitimation: konserten har åldersgräns {{minAge}} år. Ta gärna en skärmbild av QR-koden, så har du den även utan uppkoppling.',
    en: 'Show the QR code at the entrance and the door staff scan it. Bring photo ID: the concert has an age limit of {{minAge}}. You may take a screenshot of the QR code, so you have it even without a connection.',
  },
  'ticket.unknown': {
    sv: 'Vi hittar ingen biljett med den här länken. Kontrollera att du öppnade hela länken från mejlet, eller kontakta oss på {{supportEmail}}.',
    en: 'We cannot find a ticket with this link. Check that you opened the whole link from the e-mail, or contact us at {{supportEmail}}.',
  },

  'ticket.calendar': { sv: 'Lägg till i kalendern', en: 'Add to your calendar' },
  'ticket.offlineReady': {
    sv: 'Biljetten är sparad i den här webbläsaren: sidan öppnas även utan uppkoppling.',
    en: 'The ticket is saved in this browser: the page opens even without a connection.',
  },

  // ───────────────────────────── Contact ─────────────────────────────
  'contact.title': { sv: 'Kontakta oss', en: 'Contact us' },
  'contact.intro': {
    sv: 'Har du frågor om konserten eller ditt medlemskap? Skriv till oss så svarar vi så snart vi kan.',
    en: 'Do you have questions about the concert or your membership? Write to us and we will answer as soon as we can.',
  },
  'contact.email.label': { sv: 'Din e-postadress', en: 'Your e-mail address' },
  'contact.message.label': { sv: 'Meddelande', en: 'Message' },
  'contact.send': { sv: 'Skicka', en: 'Send' },
  'contact.sending': { sv: 'Skickar…', en: 'Sending…' },
  'contact.sent': {
    sv: 'Tack! Vi har tagit emot ditt meddelande och svarar så snart vi kan. En bekräftelse skickas till din e-postadress.',
    en: 'Thank you! We have received your message and will answer as soon as we can. A confirmation is being sent to your e-mail address.',
  },
  'contact.tooMany': {
    sv: 'Du har skickat flera meddelanden på kort tid. Vänta en stund och försök igen, eller mejla oss på {{supportEmail}}.',
    en: 'You have sent several messages in a short time. Wait a while and try again, or e-mail us at {{supportEmail}}.',
  },
  'contact.error': {
    sv: 'Meddelandet kunde inte skickas. Försök igen eller mejla oss på {{supportEmail}}.',
    en: 'The message could not be sent. Try again or e-mail us at {{supportEmail}}.',
  },
  'contact.phone': {
    sv: 'Du kan också ringa oss på {{supportPhone}}, {{supportHours}}.',
    en: 'You can also call us on {{supportPhone}}, {{supportHours}}.',
  },
  'contact.mailtoFallback': {
    sv: 'Skicka meddelandet från ditt e-postprogram',
    en: 'Send the message from your e-mail app',
  },
  'contact.mailtoSubject': { sv: 'Fråga till {{orgName}}', en: 'Question for {{orgName}}' },

  // ───────────────────────────── FAQ ─────────────────────────────
  'faq.title': { sv: 'Frågor och svar', en: 'Questions and answers' },
  'faq.intro': {
    sv: 'Här har vi samlat svar på de vanligaste frågorna om konserten och om att bli månadsgivare.',
    en: 'Here are answers to the most common questions about the concert and about becoming a monthly donor.',
  },
  'faq.ageLimit.question': { sv: 'Finns det en åldersgräns?', en: 'Is there an age limit?' },
  'faq.ageLimit.answer': {
    sv: 'Ja, konserten har åldersgräns {{minAge}} år. Du behöver ha fyllt {{minAge}} år för att få en biljett.',
    en: 'Yes, the concert has an age limit of {{minAge}}. You need to be at least {{minAge}} years old to get a ticket.',
  },
  'faq.date.question': { sv: 'När är konserten?', en: 'When is the concert?' },
  'faq.date.answer': {
    sv: 'Konserten är den {{concertDate}}. Mer information om kvällen skickar vi tillsammans med din biljettkod.',
    en: 'The concert is on {{concertDate}}. We will send more information about the evening together with your ticket code.',
  },
  'faq.venue.question': { sv: 'Var är konserten?', en: 'Where is the concert?' },
  'faq.venue.answer': {
    sv: 'Konserten hålls på {{venue}} i {{city}}.',
    en: 'The concert takes place at {{venue}} in {{city}}.',
  },
  'faq.fee.question': { sv: 'Kostar biljetten något?', en: 'Does the ticket cost anything?' },
  'faq.fee.answer': {
    sv: 'Biljetten är ett tack för att du blir månadsgivare eller höjer din månadsgåva. {{admission}}',
    en: 'The ticket is a thank-you for becoming a monthly donor or raising your monthly donation. {{admission}}',
  },
  'faq.ticketEmail.question': { sv: 'När får jag min biljett?', en: 'When do I get my ticket?' },
  'faq.ticketEmail.answer': {
    sv: 'Direkt efter anmälan får du en bekräftelse via e-post. Den {{ticketEmailDate}} skickar vi ett nytt mejl med din biljettkod. {{admission}}',
    en: 'Right after signing up you receive a confirmation by e-mail. On {{ticketEmailDate}} we send a new e-mail with your ticket code. {{admission}}',
  },
  'faq.autogiro.question': { sv: 'Vad är autogiro?', en: 'What is autogiro (direct debit)?' },
  'faq.autogiro.answer': {
    sv: 'Med autogiro dras din månadsgåva automatiskt från ditt bankkonto varje månad. Du startar autogirot här på sidan och skriver under med BankID. Den lägsta månadsgåvan är {{minAmount}}, och du kan när som helst ändra eller avsluta gåvan genom att kontakta oss.',
    en: 'With autogiro, the Swedish direct debit system, your monthly donation is collected automatically from your bank account every month. You start the direct debit on this page and sign with BankID. The lowest monthly donation is {{minAmount}}, and you can change or cancel the donation at any time by contacting us.',
  },
  'faq.raiseDonation.question': {
    sv: 'Jag är redan månadsgivare. Kan jag få en biljett?',
    en: 'I am already a monthly donor. Can I get a ticket?',
  },
  'faq.raiseDonation.answer': {
    sv: 'Ja! Höj din månadsgåva med minst {{minRaise}} så får du en biljett som tack. Du identifierar dig med BankID, väljer hur mycket du vill höja och skriver under.',
    en: 'Yes! Raise your monthly donation by at least {{minRaise}} and you get a ticket as a thank-you. You identify yourself with BankID, choose how much to raise and sign.',
  },
  'faq.noPersonalNumber.question': {
    sv: 'Jag har inget svenskt personnummer. Hur gör jag?',
    en: 'I do not have a Swedish personal identity number. What do I do?',
  },
  'faq.noPersonalNumber.answer': {
    sv: 'Då kan du ge en engångsgåva i stället och få en biljett som tack. Ring oss på {{supportPhone}}, {{supportHours}}, så hjälper vi dig.',
    en: 'Then you can make a one-time donation instead and get a ticket as a thank-you. Call us on {{supportPhone}}, {{supportHours}}, and we will help you.',
  },
  'faq.accessibility.question': {
    sv: 'Jag behöver rullstolsplats eller annan anpassning. Hur bokar jag?',
    en: 'I need a wheelchair space or other arrangements. How do I book?',
  },
  'faq.accessibility.answer': {
    sv: 'Platser med tillgänglighetsanpassning bokar du genom att ringa oss på {{supportPhone}}, {{supportHours}}.',
    en: 'You book accessible seats by calling us on {{supportPhone}}, {{supportHours}}.',
  },
  'faq.queue.question': {
    sv: 'Vad händer om biljetterna tar slut?',
    en: 'What happens if the tickets run out?',
  },
  'faq.queue.answer': {
    sv: 'Då kan du ställa dig i kö med din e-postadress. Blir det en biljett ledig hör vi av oss till dig.',
    en: 'Then you can join the queue with your e-mail address. If a ticket becomes available, we will contact you.',
  },
  'faq.holdTime.question': {
    sv: 'Hur länge är biljetten reserverad medan jag anmäler mig?',
    en: 'How long is the ticket reserved while I sign up?',
  },
  'faq.holdTime.answer': {
    sv: 'En biljett reserveras åt dig när du har identifierat dig med BankID, så länge det finns biljetter kvar. Du har {{holdMinutes}} minuter från att du började anmälan på dig att bli klar; tiden som är kvar syns överst på sidan. Hinner du inte bli klar kan du börja om från början.',
    en: 'A ticket is reserved for you once you have identified yourself with BankID, as long as tickets remain. You have {{holdMinutes}} minutes from when you started signing up to finish; the time left is shown at the top of the page. If you do not finish in time, you can start over.',
  },
  'faq.bankId.question': { sv: 'Varför behöver jag BankID?', en: 'Why do I need BankID?' },
  'faq.bankId.answer': {
    sv: 'Med BankID identifierar du dig säkert, och vi kan se om du redan är månadsgivare. Du skriver också under ditt autogiromedgivande med BankID.',
    en: 'With BankID you identify yourself securely, and we can see whether you are already a monthly donor. You also sign your direct debit mandate with BankID.',
  },
  'faq.cancelDonation.question': {
    sv: 'Kan jag ändra eller avsluta min månadsgåva?',
    en: 'Can I change or cancel my monthly donation?',
  },
  'faq.cancelDonation.answer': {
    sv: 'Ja, du kan när som helst ändra eller avsluta din månadsgåva. Mejla oss på {{supportEmail}} eller ring {{supportPhone}}.',
    en: 'Yes, you can change or cancel your monthly donation at any time. E-mail us at {{supportEmail}} or call {{supportPhone}}.',
  },
  'faq.noEmail.question': {
    sv: 'Jag har inte fått något mejl. Vad gör jag?',
    en: 'I have not received any e-mail. What do I do?',
  },
  'faq.noEmail.answer': {
    sv: 'Titta först i skräpposten. Hittar du ändå inte mejlet kan du mejla {{supportEmail}}, så hjälper vi dig.',
    en: 'First check your spam folder. If you still cannot find the e-mail, write to {{supportEmail}} and we will help you.',
  },

  // ───────────────────────────── Error page ─────────────────────────────
  'error.title': { sv: 'Något gick fel', en: 'Something went wrong' },
  'error.support': {
    sv: 'Behöver du hjälp? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.',
    en: 'Need help? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.',
  },
  'error.restart': { sv: 'Börja om från början', en: 'Start over' },
  'error.unknownMessage': { sv: 'Meddelande: {{id}}', en: 'Message: {{id}}' },
  'error.messages.userExistsWithTicket': {
    sv: 'Du har redan en biljett eller en plats i kön registrerad på ditt personnummer. Titta i din e-post – där hittar du bekräftelsen.',
    en: 'You already have a ticket or a place in the queue registered to your personal identity number. Check your e-mail – you will find the confirmation there.',
  },
  'error.messages.invalidTicketSession': {
    sv: 'Något gick fel. Försök igen.',
    en: 'Something went wrong. Please try again.',
  },
  'error.messages.underage': {
    sv: 'Du måste ha fyllt {{minAge}} år för att få en biljett till konserten.',
    en: 'You must be at least {{minAge}} years old to get a ticket to the concert.',
  },
  'error.messages.registrationFailed': {
    sv: 'Vi kunde inte registrera dig som medlem. Det kan bero på att du redan är medlem hos oss. Kontakta oss så hjälper vi dig.',
    en: 'We could not register you as a member. This may be because you are already a member. Contact us and we will help you.',
  },
  'error.messages.noMembershipFound': {
    sv: 'Vi hittade inget medlemskap kopplat till ditt personnummer.',
    en: 'We found no membership linked to your personal identity number.',
  },
  'error.messages.invalidPersonalNumber': {
    sv: 'Personnumret är ogiltigt. Kontrollera det och försök igen.',
    en: 'The personal identity number is invalid. Check it and try again.',
  },
  'error.messages.invalidEmail': {
    sv: 'E-postadressen är ogiltig. Kontrollera den och försök igen.',
    en: 'The e-mail address is invalid. Check it and try again.',
  },
  'error.messages.ticketExpired': {
    sv: 'Tiden för din bokning har gått ut. Biljetten är bara reserverad i {{holdMinutes}} minuter. Börja om för att försöka igen.',
    en: 'The time for your booking has run out. The ticket is only reserved for {{holdMinutes}} minutes. Start over to try again.',
  },
  'error.messages.scriveFailed': {
    sv: 'Den digitala underskriften kunde inte genomföras. Försök igen.',
    en: 'The digital signature could not be completed. Please try again.',
  },
  'error.messages.noTicketId': {
    sv: 'Något gick fel. Försök igen.',
    en: 'Something went wrong. Please try again.',
  },
  'error.messages.noPaymentInfo': {
    sv: 'Du har inte valt något betalsätt. Börja om och välj hur du vill ge din gåva.',
    en: 'You have not chosen a payment method. Start over and choose how you want to give your donation.',
  },
  'error.messages.noPersonId': {
    sv: 'Vi kunde inte hitta dina personuppgifter. Börja om och försök igen.',
    en: 'We could not find your personal details. Start over and try again.',
  },
  'error.messages.criticalDataError': {
    sv: 'Ett allvarligt fel uppstod när dina uppgifter skulle sparas. Kontakta oss så hjälper vi dig.',
    en: 'A serious error occurred while saving your details. Contact us and we will help you.',
  },
  'error.messages.invalidPaymentInfo': {
    sv: 'Betalningsuppgifterna är ogiltiga. Kontrollera clearingnummer och kontonummer och försök igen.',
    en: 'The payment details are invalid. Check the clearing number and account number and try again.',
  },
  'error.messages.swedbankPayNoRedirectError': {
    sv: 'Vi kunde inte skicka dig vidare till kortbetalningen. Försök igen om en stund.',
    en: 'We could not take you to the card payment. Please try again in a while.',
  },
  'error.messages.noFirebaseToken': {
    sv: 'Vi kunde inte starta din session. Ladda om sidan och försök igen.',
    en: 'We could not start your session. Reload the page and try again.',
  },
  'error.messages.invalidState': {
    sv: 'Något i anmälan stämde inte, så vi kunde inte gå vidare. Börja gärna om från startsidan.',
    en: 'Something in the sign-up did not add up, so we could not go on. Please start over from the start page.',
  },
  'error.messages.timeout': {
    sv: 'Servern svarade inte i tid. Försök igen om en liten stund.',
    en: 'The server did not respond in time. Please try again in a little while.',
  },
  'error.messages.bankIdFailed': {
    sv: 'Det gick inte att slutföra med BankID. Försök igen.',
    en: 'BankID could not be completed. Please try again.',
  },
  'error.messages.bankIDFailed': {
    sv: 'Det gick inte att slutföra med BankID. Försök igen.',
    en: 'BankID could not be completed. Please try again.',
  },
  'error.messages.unknownError': {
    sv: 'Ett okänt fel uppstod. Kontakta oss så hjälper vi dig.',
    en: 'An unknown error occurred. Contact us and we will help you.',
  },
  'error.messages.noTicket': {
    sv: 'Tyvärr är alla biljetter slut.',
    en: 'Unfortunately, all tickets are sold out.',
  },
  'error.messages.internal': {
    sv: 'Något gick fel. Försök igen.',
    en: 'Something went wrong. Please try again.',
  },
  'error.messages.noUserId': {
    sv: 'Vi kunde inte hitta din session. Ladda om sidan och försök igen.',
    en: 'We could not find your session. Reload the page and try again.',
  },
  'error.messages.notFound': {
    sv: 'Det du letar efter finns inte.',
    en: 'What you are looking for does not exist.',
  },
  'error.messages.permissionDenied': {
    sv: 'Du har inte behörighet att göra det här.',
    en: 'You do not have permission to do this.',
  },
  'error.messages.tooManyRequests': {
    sv: 'För många försök på kort tid. Vänta en stund och försök igen.',
    en: 'Too many attempts in a short time. Wait a while and try again.',
  },

  // ───────────────────────────── Admin ─────────────────────────────
  'admin.title': { sv: 'Administration', en: 'Administration' },
  'admin.signedInAs': { sv: 'Inloggad som {{email}}', en: 'Signed in as {{email}}' },
  'admin.login.title': { sv: 'Logga in', en: 'Sign in' },
  'admin.login.intro': {
    sv: 'Den här delen är för personal på {{orgName}}. Logga in med ditt jobbkonto.',
    en: 'This area is for {{orgName}} staff. Sign in with your work account.',
  },
  'admin.login.signIn': { sv: 'Logga in med jobbkonto', en: 'Sign in with work account' },
  'admin.login.signingIn': { sv: 'Loggar in…', en: 'Signing in…' },
  'admin.login.errors.unauthorizedDomain': {
    sv: 'Du har inte behörighet till den här sidan',
    en: 'You do not have permission to access this page',
  },
  'admin.login.errors.notCopyAdmin': {
    sv: 'Du har inte behörighet att redigera texterna',
    en: 'You do not have permission to edit the copy function',
  },
  'admin.login.errors.loginError': {
    sv: 'Inloggningen misslyckades. Försök igen.',
    en: 'Sign-in failed. Please try again.',
  },
  'admin.login.errors.idpUnreachable': {
    sv: 'Inloggningstjänsten svarar inte. Försök igen om en stund.',
    en: 'The sign-in service does not answer. Please try again in a while.',
  },
  'admin.login.acceptCertificate': {
    sv: 'Demoläget har en egen inloggningstjänst med ett självsignerat certifikat. Öppna den i en ny flik, godkänn certifikatet och försök sedan igen.',
    en: 'Demo mode has its own sign-in service with a self-signed certificate. Open it in a new tab, accept the certificate and then try again.',
  },
  'admin.login.openIdp': { sv: 'Öppna inloggningstjänsten', en: 'Open the sign-in service' },
  'admin.login.signInOther': {
    sv: 'Logga in med ett annat jobbkonto',
    en: 'Sign in with another work account',
  },
  'admin.login.continue': { sv: 'Fortsätt', en: 'Continue' },
  'admin.logout': { sv: 'Logga ut', en: 'Log out' },
  'admin.nav.copy': { sv: 'Texter', en: 'Copy' },
  'admin.nav.addManualAttendee': { sv: 'Lägg till deltagare', en: 'Add attendee' },
  'admin.nav.sendEmail': { sv: 'Skicka e-post', en: 'Send e-mail' },
  'admin.nav.dashboard': { sv: 'Översikt', en: 'Overview' },
  'admin.nav.door': { sv: 'Insläpp', en: 'Door' },
  'admin.nav.staff': { sv: 'Personal', en: 'Staff' },
  'admin.login.errors.permissionDenied': {
    sv: 'Ditt konto har inte behörighet till den här sidan. Be kontoret om rätt roll.',
    en: 'Your account does not have access to this page. Ask the office for the right role.',
  },
  'admin.dashboard.title': { sv: 'Översikt', en: 'Overview' },
  'admin.door.title': { sv: 'Insläpp', en: 'Door' },
  'admin.door.code.label': { sv: 'Biljettkod', en: 'Ticket code' },
  'admin.door.checkIn': { sv: 'Checka in', en: 'Check in' },
  'admin.door.status.online': { sv: 'Online', en: 'Online' },
  'admin.door.status.offline': {
    sv: 'Offline – incheckningar sparas i telefonen',
    en: 'Offline – check-ins are kept on this phone',
  },
  'admin.door.status.pending': { sv: '{{count}} väntar på att skickas', en: '{{count}} waiting to be sent' },
  'admin.door.count': {
    sv: '{{checkedIn}} av {{confirmed}} incheckade',
    en: '{{checkedIn}} of {{confirmed}} checked in',
  },
  'admin.door.result.queued': {
    sv: 'Incheckad i telefonen – skickas när nätet är tillbaka.',
    en: 'Checked in on this phone – sent when the network is back.',
  },
  'admin.door.result.already': { sv: 'Redan incheckad {{time}}', en: 'Already checked in at {{time}}' },
  'admin.door.result.alreadyDevice': {
    sv: 'Redan incheckad {{time}} på {{device}}',
    en: 'Already checked in at {{time}} on {{device}}',
  },
  'admin.door.result.unknown': { sv: 'Okänd biljett – släpp inte in', en: 'Unknown ticket – do not let in' },
  'admin.door.result.error': {
    sv: 'Det gick inte att checka in. Försök igen.',
    en: 'Could not check in. Try again.',
  },
  'admin.door.result.undone': { sv: 'Incheckningen är ångrad: {{name}}', en: 'Check-in undone: {{name}}' },
  'admin.door.result.ready': { sv: 'Redo att skanna', en: 'Ready to scan' },
  'admin.door.camera.title': { sv: 'Kamera', en: 'Camera' },
  'admin.door.camera.start': { sv: 'Starta kameran', en: 'Start the camera' },
  'admin.door.camera.stop': { sv: 'Stäng av kameran', en: 'Turn the camera off' },
  'admin.door.camera.video': { sv: 'Kamerabild för QR-koder', en: 'Camera view for QR codes' },
  'admin.door.camera.failed': {
    sv: 'Kameran gick inte att starta. Tillåt kameran i webbläsaren, eller sök på namn nedan.',
    en: 'The camera could not start. Allow the camera in the browser, or search by name below.',
  },
  'admin.door.camera.hint': {
    sv: 'Håll QR-koden framför kameran. Nästa kod kan skannas direkt.',
    en: 'Hold the QR code in front of the camera. The next code can be scanned right away.',
  },
  'admin.door.undo': { sv: 'Ångra senaste: {{name}}', en: 'Undo last: {{name}}' },
  'admin.door.search.title': { sv: 'Sök deltagare', en: 'Find an attendee' },
  'admin.door.search.label': {
    sv: 'Namn, hel e-postadress eller kod',
    en: 'Name, whole e-mail address or code',
  },
  'admin.door.search.none': { sv: 'Ingen deltagare hittades.', en: 'No attendee found.' },
  'admin.door.search.count': { sv: '{{count}} träffar', en: '{{count}} matches' },
  'admin.door.search.checkIn': { sv: 'Checka in {{name}}', en: 'Check in {{name}}' },
  'admin.door.search.checkedIn': { sv: 'Incheckad {{time}}', en: 'Checked in {{time}}' },
  'admin.door.code.title': { sv: 'Skriv in en kod', en: 'Type a code' },
  'admin.door.conflicts.title': { sv: 'Konflikter', en: 'Conflicts' },
  'admin.door.conflict': {
    sv: '{{name}} checkades in två gånger utan nät: {{firstAt}} på {{firstDevice}} och {{at}} på {{device}}. Räknas en gång.',
    en: '{{name}} was checked in twice offline: {{firstAt}} on {{firstDevice}} and {{at}} on {{device}}. Counted once.',
  },
  'admin.door.device.title': { sv: 'Den här telefonen', en: 'This phone' },
  'admin.door.device.label': {
    sv: 'Telefonens namn (visas vid incheckningar)',
    en: "The phone's name (shown with check-ins)",
  },
  'admin.door.device.save': { sv: 'Spara namnet', en: 'Save the name' },
  'admin.door.device.saved': { sv: 'Namnet är sparat.', en: 'The name is saved.' },
  'admin.door.list.loading': { sv: 'Hämtar deltagarlistan…', en: 'Fetching the attendee list…' },
  'admin.door.list.ready': {
    sv: 'Deltagarlistan finns i telefonen ({{count}} personer).',
    en: 'The attendee list is on this phone ({{count}} people).',
  },
  'admin.door.list.failed': {
    sv: 'Deltagarlistan kunde inte hämtas. Sökning och incheckning utan nät fungerar först när den har hämtats.',
    en: 'The attendee list could not be fetched. Search and offline check-in work once it has been.',
  },
  'admin.door.offlineReady': {
    sv: 'Sidan fungerar nu även utan nät.',
    en: 'The page now works without network too.',
  },
  'admin.staff.title': { sv: 'Personal och roller', en: 'Staff and roles' },
  'admin.staff.intro': {
    sv: 'Alla som har loggat in med jobbkonto. Insläpp får checka in besökare; kontoret får allt utom texterna. Varje ändring loggas.',
    en: 'Everyone who has signed in with a work account. Door staff check visitors in; the office may do everything except the copy. Every change is logged.',
  },
  'admin.staff.saved': {
    sv: '{{email}} har nu rollen: {{role}}.',
    en: '{{email}} now has the role: {{role}}.',
  },
  'admin.staff.error': {
    sv: 'Rollen kunde inte ändras. {{message}}',
    en: 'The role could not be changed. {{message}}',
  },
  'admin.staff.retry': { sv: 'Försök igen', en: 'Try again' },
  'admin.staff.lastSeen': { sv: 'Senast inloggad {{time}}', en: 'Last signed in {{time}}' },
  'admin.staff.copyAdmin': { sv: 'Får redigera texterna', en: 'May edit the copy' },
  'admin.staff.roleLabel': { sv: 'Roll för {{email}}', en: 'Role of {{email}}' },
  'admin.staff.save': { sv: 'Spara roll', en: 'Save role' },
  'admin.staff.roles.none': { sv: 'Ingen roll', en: 'No role' },
  'admin.staff.roles.door': { sv: 'Insläpp', en: 'Door' },
  'admin.staff.roles.office': { sv: 'Kontor', en: 'Office' },
  'admin.staff.invite.title': {
    sv: 'Bjud in före första inloggningen',
    en: 'Invite before the first sign-in',
  },
  'admin.staff.invite.intro': {
    sv: 'Ge en roll till någon som inte har loggat in än, till exempel volontärer i insläppet. Rollen gäller från deras första inloggning med jobbkontot.',
    en: 'Give a role to someone who has not signed in yet, such as door volunteers. The role applies from their first sign-in with their work account.',
  },
  'admin.staff.invite.emailLabel': {
    sv: 'Jobbadress',
    en: 'Work e-mail address',
  },
  'admin.staff.invite.emailHint': {
    sv: 'Bara adresser inom organisationens domäner kan logga in.',
    en: 'Only addresses within the organisation’s domains can sign in.',
  },
  'admin.staff.invite.roleLabel': {
    sv: 'Roll',
    en: 'Role',
  },
  'admin.staff.invite.submit': {
    sv: 'Bjud in',
    en: 'Invite',
  },
  'admin.staff.invite.saved': {
    sv: '{{email}} är inbjuden med rollen: {{role}}. Den gäller från första inloggningen.',
    en: '{{email}} is invited with the role: {{role}}. It applies from the first sign-in.',
  },
  'admin.staff.invite.error': {
    sv: 'Inbjudan kunde inte sparas. {{message}}',
    en: 'The invitation could not be saved. {{message}}',
  },
  'admin.staff.invite.errors.invalidEmail': {
    sv: 'Skriv en hel e-postadress, med @ och domän.',
    en: 'Enter a whole e-mail address, with @ and the domain.',
  },
  'admin.staff.invite.errors.unauthorizedDomain': {
    sv: 'Adressen är inte inom organisationens domäner, så den kan inte logga in här. Använd personens jobbadress.',
    en: 'The address is not within the organisation’s domains, so it cannot sign in here. Use the person’s work address.',
  },
  'admin.staff.invitations.title': {
    sv: 'Inbjudna som inte har loggat in än',
    en: 'Invited, not signed in yet',
  },
  'admin.staff.invitations.empty': {
    sv: 'Inga öppna inbjudningar.',
    en: 'No open invitations.',
  },
  'admin.staff.invitations.invitedBy': {
    sv: 'Inbjuden av {{email}} {{time}}',
    en: 'Invited by {{email}} on {{time}}',
  },
  'admin.staff.invitations.role': {
    sv: 'Roll: {{role}}',
    en: 'Role: {{role}}',
  },
  'admin.staff.invitations.withdraw': {
    sv: 'Dra tillbaka inbjudan till {{email}}',
    en: 'Withdraw the invitation of {{email}}',
  },
  'admin.staff.invitations.withdrawn': {
    sv: 'Inbjudan till {{email}} är tillbakadragen.',
    en: 'The invitation of {{email}} is withdrawn.',
  },
  'admin.staff.invitations.withdrawError': {
    sv: 'Inbjudan kunde inte dras tillbaka. {{message}}',
    en: 'The invitation could not be withdrawn. {{message}}',
  },

  // ───────────────────────────── The concert (office, issue 38) ─────────────────────────────
  'admin.concert.nav': { sv: 'Konserten', en: 'The concert' },
  'admin.concert.title': { sv: 'Konserten', en: 'The concert' },
  'admin.concert.intro': {
    sv: 'Datum, tider, plats, försäljning och belopp. Det du sparar syns på webbplatsen, i e-posten och i kalenderfilerna inom en halv minut.',
    en: 'Date, times, place, sale and amounts. What you save shows on the site, in the e-mails and in the calendar files within half a minute.',
  },
  'admin.concert.loadError': {
    sv: 'Konserten kunde inte läsas: {{message}}',
    en: 'The concert could not be read: {{message}}',
  },
  'admin.concert.retry': { sv: 'Försök igen', en: 'Try again' },
  'admin.concert.taken': {
    sv: 'Biljetter tagna just nu (bekräftade, reserverade och erbjudna): {{count}}',
    en: 'Tickets taken right now (confirmed, held and offered): {{count}}',
  },
  'admin.concert.when': { sv: 'När', en: 'When' },
  'admin.concert.place': { sv: 'Var', en: 'Where' },
  'admin.concert.sale': { sv: 'Försäljning', en: 'Sale' },
  'admin.concert.amounts': { sv: 'Belopp per månad', en: 'Monthly amounts' },
  'admin.concert.admission': {
    sv: 'Så används biljetten på plats',
    en: 'How the ticket is used at the event',
  },
  'admin.concert.fields.date': { sv: 'Konsertens datum', en: 'Date of the concert' },
  'admin.concert.fields.doorsAt': { sv: 'Insläpp', en: 'Doors open' },
  'admin.concert.fields.startsAt': { sv: 'Start', en: 'Starts' },
  'admin.concert.fields.endsAt': { sv: 'Slut', en: 'Ends' },
  'admin.concert.fields.endsAtHint': {
    sv: 'En sluttid före starttiden är natten efter.',
    en: 'An end before the start is in the night after.',
  },
  'admin.concert.fields.venue': { sv: 'Lokal', en: 'Venue' },
  'admin.concert.fields.city': { sv: 'Ort', en: 'City' },
  'admin.concert.fields.address': { sv: 'Adress', en: 'Address' },
  'admin.concert.fields.capacity': { sv: 'Antal biljetter', en: 'Number of tickets' },
  'admin.concert.fields.saleOpensAt': { sv: 'Försäljningen öppnar', en: 'Sale opens' },
  'admin.concert.fields.saleClosesAt': { sv: 'Försäljningen stänger', en: 'Sale closes' },
  'admin.concert.fields.ticketEmailAt': { sv: 'Biljettmejlet skickas', en: 'Ticket e-mail goes out' },
  'admin.concert.fields.holdMinutes': { sv: 'Reservationstid i minuter', en: 'Hold time in minutes' },
  'admin.concert.fields.minNewMemberAmount': {
    sv: 'Lägsta belopp för nya medlemmar',
    en: 'Lowest amount for new members',
  },
  'admin.concert.fields.minRaise': { sv: 'Minsta höjning', en: 'Smallest raise' },
  'admin.concert.fields.donationStep': { sv: 'Beloppssteg', en: 'Amount step' },
  'admin.concert.fields.raisePresets': { sv: 'Förslag på höjningar', en: 'Suggested raises' },
  'admin.concert.fields.raisePresetsHint': {
    sv: 'Belopp med kommatecken emellan, vart och ett en jämn multipel av beloppssteget.',
    en: 'Amounts separated by commas, each a whole multiple of the amount step.',
  },
  'admin.concert.fields.admissionDoor': {
    sv: 'Vår egen insläppskontroll med QR-koden',
    en: 'Our own door check-in with the QR code',
  },
  'admin.concert.fields.admissionSeller': { sv: 'Hos en biljettförsäljare', en: 'At a ticket seller' },
  'admin.concert.fields.sellerName': { sv: 'Biljettförsäljarens namn', en: "The ticket seller's name" },
  'admin.concert.fields.sellerFee': { sv: 'Biljettförsäljarens avgift', en: "The ticket seller's fee" },
  'admin.concert.rules.required': { sv: 'Fyll i fältet.', en: 'Fill in this field.' },
  'admin.concert.rules.noSuchTime': {
    sv: 'Den tiden finns inte, eller inträffar två gånger den dagen (sommartid). Välj en annan tid.',
    en: 'That time does not exist, or happens twice that day (daylight saving). Choose another time.',
  },
  'admin.concert.rules.doorsAfterStart': {
    sv: 'Insläppet måste vara senast när konserten börjar.',
    en: 'Doors must open no later than the start.',
  },
  'admin.concert.rules.endNotAfterStart': {
    sv: 'Slutet måste vara efter starten.',
    en: 'The end must be after the start.',
  },
  'admin.concert.rules.saleClosesBeforeOpen': {
    sv: 'Försäljningen måste stänga efter att den öppnar.',
    en: 'The sale must close after it opens.',
  },
  'admin.concert.rules.saleClosesAfterDoors': {
    sv: 'Försäljningen måste stänga senast vid insläppet.',
    en: 'The sale must close no later than doors open.',
  },
  'admin.concert.rules.ticketEmailOutsideSale': {
    sv: 'Biljettmejlet måste skickas medan försäljningen är öppen och före insläppet.',
    en: 'The ticket e-mail must go out while the sale is open and before doors open.',
  },
  'admin.concert.rules.belowTaken': {
    sv: 'Redan tagna biljetter: {{count}}. Antalet kan inte vara lägre.',
    en: 'Tickets already taken: {{count}}. The number cannot be lower.',
  },
  'admin.concert.rules.outOfBounds': {
    sv: 'Ange ett heltal från {{min}} till {{max}}.',
    en: 'Enter a whole number from {{min}} to {{max}}.',
  },
  'admin.concert.rules.presetNotStep': {
    sv: 'Varje förslag måste vara större än noll och en jämn multipel av beloppssteget.',
    en: 'Each suggestion must be above zero and a whole multiple of the amount step.',
  },
  'admin.concert.rules.tooLong': { sv: 'Högst {{max}} tecken.', en: 'At most {{max}} characters.' },
  'admin.concert.serverRefused': {
    sv: 'Servern godtog inte värdet. Kontrollera det och spara igen.',
    en: 'The server did not accept this value. Check it and save again.',
  },
  'admin.concert.summary': {
    sv: 'Inget sparades. Rätta det här först:',
    en: 'Nothing was saved. Fix this first:',
  },
  'admin.concert.notify.legend': { sv: 'Ändringsbesked', en: 'Change notice' },
  'admin.concert.notify.holders': {
    sv: 'Skicka ett ändringsbesked till biljettinnehavarna ({{count}})',
    en: 'Send a change notice to the ticket holders ({{count}})',
  },
  'admin.concert.notify.queue': {
    sv: 'Skicka det också till dem i kön ({{count}})',
    en: 'Also to those in the waiting list ({{count}})',
  },
  'admin.concert.submit': { sv: 'Spara konserten', en: 'Save the concert' },
  'admin.concert.submitting': { sv: 'Sparar …', en: 'Saving …' },
  'admin.concert.saved': { sv: 'Konserten är sparad.', en: 'The concert is saved.' },
  'admin.concert.notified': {
    sv: 'Ändringsbesked i kö att skickas: {{count}}',
    en: 'Change notices queued: {{count}}',
  },
  'admin.concert.unchanged': {
    sv: 'Inget var ändrat, så inget sparades.',
    en: 'Nothing had changed, so nothing was saved.',
  },
  'admin.concert.saveError': {
    sv: 'Det gick inte att spara: {{message}}',
    en: 'Could not save: {{message}}',
  },
  'admin.concert.preview.title': { sv: 'Så skrivs konserten', en: 'How the concert reads' },
  'admin.concert.preview.intro': {
    sv: 'Från värdena i formuläret, innan du sparar.',
    en: "From the form's values, before you save.",
  },
  'admin.concert.preview.what': { sv: 'Var det står', en: 'Where it shows' },
  'admin.concert.preview.sv': { sv: 'Svenska', en: 'Swedish' },
  'admin.concert.preview.en': { sv: 'Engelska', en: 'English' },
  'admin.concert.preview.header': { sv: 'Sidhuvudet', en: 'The header' },
  'admin.concert.preview.start': { sv: 'Startsidan', en: 'The start page' },
  'admin.concert.preview.email': {
    sv: 'E-posten och kalenderfilen',
    en: 'The e-mails and the calendar file',
  },
  'admin.concert.preview.ticketEmail': { sv: 'När biljettmejlet kommer', en: 'When the ticket e-mail comes' },
  'admin.concert.preview.incomplete': { sv: 'Fyll i datum och tider', en: 'Fill in the date and times' },
  'admin.concert.dashboard.title': { sv: 'Konserten', en: 'The concert' },
  'admin.concert.dashboard.date': { sv: '{{date}}, insläpp {{time}}', en: '{{date}}, doors {{time}}' },
  'admin.concert.dashboard.countdown': {
    sv: 'Insläpp om {{days}} d {{hours}} h',
    en: 'Doors open in {{days}} d {{hours}} h',
  },
  'admin.concert.dashboard.doorsOpen': { sv: 'Insläppet har öppnat.', en: 'Doors are open.' },
  'admin.concert.dashboard.ended': { sv: 'Konserten är över.', en: 'The concert is over.' },
  'admin.concert.dashboard.edit': { sv: 'Ändra konserten', en: 'Edit the concert' },
  'admin.concert.editing.current': {
    sv: 'Du ändrar den publicerade konserten.',
    en: 'You are changing the published concert.',
  },
  'admin.concert.editing.draft': {
    sv: 'Du ändrar utkastet för {{date}}. Besökarna ser det först när det publiceras.',
    en: 'You are changing the draft for {{date}}. Visitors see it only once it is published.',
  },
  'admin.concert.editing.back': {
    sv: 'Tillbaka till den publicerade konserten',
    en: 'Back to the published concert',
  },
  'admin.concert.next.title': { sv: 'Nästa konsert', en: 'The next concert' },
  'admin.concert.next.intro': {
    sv: 'Ett utkast med samma fakta för ett nytt datum. Försäljningen och biljettmejlet flyttas lika många dagar, till samma klockslag. Inga biljetter, ingen kö och inga insläpp följer med.',
    en: 'A draft with the same facts for a new date. The sale and the ticket e-mail move by as many days, at the same times of day. No tickets, waiting list or check-ins come along.',
  },
  'admin.concert.next.startsAt': { sv: 'Det nya utkastets start', en: "The new draft's start" },
  'admin.concert.next.copy': { sv: 'Ny konsert från {{year}}', en: 'New concert from {{year}}' },
  'admin.concert.next.copying': { sv: 'Skapar utkastet …', en: 'Creating the draft …' },
  'admin.concert.next.copied': {
    sv: 'Utkastet för {{date}} är skapat. Du ändrar det nu.',
    en: 'The draft for {{date}} is created. You are changing it now.',
  },
  'admin.concert.next.error': {
    sv: 'Utkastet kunde inte skapas: {{message}}',
    en: 'The draft could not be created: {{message}}',
  },
  'admin.concert.drafts.title': { sv: 'Utkast', en: 'Drafts' },
  'admin.concert.drafts.empty': { sv: 'Inga utkast.', en: 'No drafts.' },
  'admin.concert.drafts.edit': { sv: 'Ändra utkastet för {{date}}', en: 'Change the draft for {{date}}' },
  'admin.concert.drafts.publish': {
    sv: 'Publicera utkastet för {{date}}',
    en: 'Publish the draft for {{date}}',
  },
  'admin.concert.drafts.publishing': { sv: 'Publicerar …', en: 'Publishing …' },
  'admin.concert.drafts.published': {
    sv: 'Konserten {{date}} är publicerad och är nu den aktuella. Den förra är arkiverad.',
    en: 'The concert on {{date}} is published and is now the current one. The previous one is archived.',
  },
  'admin.concert.drafts.notReady': {
    sv: 'Utkastet kan inte publiceras än. Kontrollera listan:',
    en: 'The draft cannot be published yet. Check the list:',
  },
  'admin.concert.drafts.error': {
    sv: 'Det gick inte att publicera: {{message}}',
    en: 'Could not publish: {{message}}',
  },
  'admin.concert.checklist.ok': { sv: 'Klart', en: 'Done' },
  'admin.concert.checklist.fails': { sv: 'Saknas', en: 'Missing' },
  'admin.concert.checklist.startInFuture': {
    sv: 'Starten ligger i framtiden.',
    en: 'The start is in the future.',
  },
  'admin.concert.checklist.saleInside': {
    sv: 'Försäljningen öppnar före stängningen och stänger senast vid insläppet.',
    en: 'The sale opens before it closes and closes no later than doors open.',
  },
  'admin.concert.checklist.capacity': {
    sv: 'Antalet biljetter är större än noll.',
    en: 'The number of tickets is above zero.',
  },
  'admin.concert.checklist.texts': {
    sv: 'Inga publicerade texter nämner en annan konserts datum eller år. Rätta sådana texter under Texter: använd konsertens datumvariabel i stället för ett utskrivet datum.',
    en: "No published text names another concert's date or year. Fix such texts under Copy: use the concert's date variable instead of a written date.",
  },
  'admin.concert.checklist.staleText': {
    sv: 'Texten {{textKey}} ({{textLang}}) nämner ”{{found}}”.',
    en: 'The text {{textKey}} ({{textLang}}) names “{{found}}”.',
  },

  // ───────────────────────────── Autogiro (office) ─────────────────────────────
  'admin.nav.autogiro': { sv: 'Autogiro', en: 'Autogiro' },
  'admin.autogiro.title': { sv: 'Autogiro', en: 'Autogiro' },
  'admin.autogiro.intro': {
    sv: 'Här går medgivandena till Bankgirot och svaren tillbaka: skriv medgivandefilen och skicka den till Bankgirot, läs in svarsfilen (AG-MEDAVI) och skriv sedan betalningsfilen för de godkända.',
    en: 'This is where mandates go to Bankgirot and the answers come back: write the mandate file and send it to Bankgirot, read the answer file (AG-MEDAVI), then write the payment file for those approved.',
  },
  'admin.autogiro.payee': {
    sv: 'Bankgiro {{bankgiro}}, kundnummer {{customerNumber}}, dragning den {{drawDay}} varje månad.',
    en: 'Bankgiro {{bankgiro}}, customer number {{customerNumber}}, drawn on day {{drawDay}} of every month.',
  },
  'admin.autogiro.counts': { sv: 'Medgivanden per läge', en: 'Mandates by state' },
  'admin.autogiro.newMonthly': {
    sv: 'Nya månadsgåvor på väg: {{amount}} per månad',
    en: 'New monthly gifts on their way: {{amount}} per month',
  },
  'admin.autogiro.files.title': { sv: 'Filer', en: 'Files' },
  'admin.autogiro.files.writeMandates': { sv: 'Skriv medgivandefil', en: 'Write mandate file' },
  'admin.autogiro.files.writePayments': { sv: 'Skriv betalningsfil', en: 'Write payment file' },
  'admin.autogiro.files.working': { sv: 'Arbetar…', en: 'Working…' },
  'admin.autogiro.files.written': {
    sv: '{{fileName}} är skriven med {{count}} medgivanden. Ladda ner den och skicka den till Bankgirot.',
    en: '{{fileName}} is written with {{count}} mandates. Download it and send it to Bankgirot.',
  },
  'admin.autogiro.files.nothing': {
    sv: 'Det finns inget nytt att skicka.',
    en: 'There is nothing new to send.',
  },
  'admin.autogiro.files.list': { sv: 'Skickade och inlästa filer', en: 'Files sent and read' },
  'admin.autogiro.files.empty': { sv: 'Inga filer ännu.', en: 'No files yet.' },
  'admin.autogiro.files.meta': {
    sv: '{{kind}}, {{count}} poster, {{changedAt}}',
    en: '{{kind}}, {{count}} records, {{changedAt}}',
  },
  'admin.autogiro.files.by': { sv: 'av {{changedBy}}', en: 'by {{changedBy}}' },
  'admin.autogiro.files.download': { sv: 'Ladda ner', en: 'Download' },
  'admin.autogiro.files.downloadLabel': { sv: 'Ladda ner {{fileName}}', en: 'Download {{fileName}}' },
  'admin.autogiro.files.standIn': { sv: 'Demo: hämta Bankgirots svar', en: 'Demo: get Bankgirot’s answer' },
  'admin.autogiro.files.standInLabel': {
    sv: 'Demo: hämta Bankgirots svar på {{fileName}}',
    en: 'Demo: get Bankgirot’s answer to {{fileName}}',
  },
  'admin.autogiro.files.kinds.mandates': { sv: 'Medgivandefil', en: 'Mandate file' },
  'admin.autogiro.files.kinds.answer': { sv: 'Svarsfil', en: 'Answer file' },
  'admin.autogiro.files.kinds.payments': { sv: 'Betalningsfil', en: 'Payment file' },
  'admin.autogiro.upload.label': {
    sv: 'Svarsfil från Bankgirot (AG-MEDAVI)',
    en: 'Answer file from Bankgirot (AG-MEDAVI)',
  },
  'admin.autogiro.upload.submit': { sv: 'Läs in svarsfilen', en: 'Read the answer file' },
  'admin.autogiro.upload.choose': { sv: 'Välj svarsfilen först.', en: 'Choose the answer file first.' },
  'admin.autogiro.upload.applied': {
    sv: '{{fileName}} är inläst: {{approved}} godkända, {{rejected}} avvisade, {{cancelled}} makulerade, {{revoked}} avslutade av oss, {{discrepancies}} att titta på.',
    en: '{{fileName}} is read: {{approved}} approved, {{rejected}} rejected, {{cancelled}} cancelled, {{revoked}} ended by us, {{discrepancies}} to look at.',
  },
  'admin.autogiro.upload.refused': {
    sv: 'Filen är inte inläst och ingenting har ändrats. {{message}}',
    en: 'The file was not read and nothing has changed. {{message}}',
  },
  'admin.autogiro.error': { sv: 'Det gick inte: {{message}}', en: 'That did not work: {{message}}' },
  'admin.autogiro.list.title': { sv: 'Medgivanden', en: 'Mandates' },
  'admin.autogiro.list.filter': { sv: 'Visa', en: 'Show' },
  'admin.autogiro.list.all': { sv: 'Alla lägen', en: 'All states' },
  'admin.autogiro.list.empty': { sv: 'Inga medgivanden här.', en: 'No mandates here.' },
  'admin.autogiro.list.amount': { sv: '{{amount}} per månad', en: '{{amount}} per month' },
  'admin.autogiro.list.open': { sv: 'Öppna', en: 'Open' },
  'admin.autogiro.list.openLabel': {
    sv: 'Öppna medgivandet för {{name}}',
    en: 'Open the mandate of {{name}}',
  },
  'admin.autogiro.code': { sv: 'Kod {{code}}: {{message}}', en: 'Code {{code}}: {{message}}' },
  'admin.autogiro.codes.unknown': {
    sv: 'Bankgirot svarade med en kod vi inte känner till. Slå upp den i Bankgirots tekniska manual för Autogiro.',
    en: 'Bankgirot answered with a code we do not know. Look it up in Bankgirot’s technical manual for Autogiro.',
  },
  'admin.autogiro.detail.title': { sv: 'Medgivande för {{name}}', en: 'Mandate of {{name}}' },
  'admin.autogiro.detail.back': { sv: 'Tillbaka till alla medgivanden', en: 'Back to all mandates' },
  'admin.autogiro.detail.state': { sv: 'Läge', en: 'State' },
  'admin.autogiro.detail.email': { sv: 'E-post', en: 'E-mail' },
  'admin.autogiro.detail.payerNumber': { sv: 'Betalarnummer', en: 'Payer number' },
  'admin.autogiro.detail.amount': { sv: 'Månadsgåva', en: 'Monthly gift' },
  'admin.autogiro.detail.standing': { sv: 'Dras hos Bankgirot', en: 'Drawn at Bankgirot' },
  'admin.autogiro.detail.firstDraw': { sv: 'Första dragning', en: 'First draw' },
  'admin.autogiro.detail.account': { sv: 'Bank och clearingnummer', en: 'Bank and clearing number' },
  'admin.autogiro.detail.ticket': { sv: 'Biljett', en: 'Ticket' },
  'admin.autogiro.detail.noTicket': { sv: 'Ingen biljett', en: 'No ticket' },
  'admin.autogiro.detail.ticketRejected': {
    sv: 'Medgivandet avvisat: biljetten gäller, men kontakta givaren om betalningen.',
    en: 'Mandate rejected: the ticket is valid, but contact the donor about the payment.',
  },
  'admin.autogiro.detail.notSet': { sv: 'Inte ännu', en: 'Not yet' },
  'admin.autogiro.history.title': { sv: 'Historik', en: 'History' },
  'admin.autogiro.history.entry': { sv: '{{changedAt}}: {{state}}', en: '{{changedAt}}: {{state}}' },
  'admin.autogiro.history.file': { sv: 'Fil: {{fileName}}', en: 'File: {{fileName}}' },
  'admin.autogiro.history.by': { sv: 'Av {{changedBy}}', en: 'By {{changedBy}}' },
  'admin.autogiro.history.signature': { sv: 'Signerat med BankID', en: 'Signed with BankID' },
  'admin.autogiro.evidence.title': { sv: 'Underskrift med BankID', en: 'Signature with BankID' },
  'admin.autogiro.evidence.none': {
    sv: 'Ingen underskrift sparad: medgivandet fanns innan underskrifterna sparades.',
    en: 'No signature kept: the mandate existed before signatures were kept.',
  },
  'admin.autogiro.evidence.signTypes.new': { sv: 'Nytt medgivande', en: 'New mandate' },
  'admin.autogiro.evidence.signTypes.raise': { sv: 'Höjning', en: 'Raise' },
  'admin.autogiro.evidence.meta': {
    sv: 'Signerat {{changedAt}}. BankID utfärdat {{date}}. Enhetens IP-adress {{ip}}.',
    en: 'Signed {{changedAt}}. BankID issued {{date}}. Device IP address {{ip}}.',
  },
  'admin.autogiro.evidence.ok': {
    sv: 'Kontrollerat: den sparade texten är exakt den som finns i BankID-signaturen, och signaturen håller.',
    en: 'Verified: the stored text is exactly the one inside the BankID signature, and the signature holds.',
  },
  'admin.autogiro.evidence.textDiffers': {
    sv: 'Stämmer inte: den sparade texten skiljer sig från den signerade.',
    en: 'Does not match: the stored text differs from the signed one.',
  },
  'admin.autogiro.evidence.signatureInvalid': {
    sv: 'Stämmer inte: BankID-signaturen håller inte ({{message}}).',
    en: 'Does not match: the BankID signature does not hold ({{message}}).',
  },
  'admin.autogiro.evidence.noVisibleData': {
    sv: 'Stämmer inte: signaturen innehåller ingen visad text.',
    en: 'Does not match: the signature holds no visible text.',
  },
  'admin.autogiro.evidence.difference': {
    sv: 'Rad {{line}}: sparat ”{{stored}}”, signerat ”{{signed}}”.',
    en: 'Line {{line}}: stored “{{stored}}”, signed “{{signed}}”.',
  },
  'admin.autogiro.evidence.missingLine': { sv: '(ingen rad)', en: '(no line)' },
  'admin.autogiro.evidence.showText': { sv: 'Den signerade texten', en: 'The signed text' },
  'admin.autogiro.states.signed': { sv: 'Signerat, inte skickat', en: 'Signed, not sent' },
  'admin.autogiro.states.sent': { sv: 'Skickat till Bankgirot', en: 'Sent to Bankgirot' },
  'admin.autogiro.states.approved': { sv: 'Godkänt, ingen betalning ännu', en: 'Approved, no payment yet' },
  'admin.autogiro.states.active': { sv: 'Aktivt – dras varje månad', en: 'Active – drawn every month' },
  'admin.autogiro.states.raisePending': {
    sv: 'Höjning väntar på betalningsfil',
    en: 'Raise waiting for the payment file',
  },
  'admin.autogiro.states.rejected': { sv: 'Medgivandet avvisat', en: 'Mandate rejected' },
  'admin.autogiro.states.cancelled': { sv: 'Makulerat', en: 'Cancelled' },
  'admin.autogiro.states.revoked': { sv: 'Återkallat av oss', en: 'Revoked by us' },
  'admin.autogiro.states.unknown': { sv: 'Okänt svar från Bankgirot', en: 'Unknown answer from Bankgirot' },
  'admin.autogiro.codes.c02': {
    sv: 'Medgivandet är makulerat av betalaren eller betalarens bank.',
    en: 'The mandate was cancelled by the payer or the payer’s bank.',
  },
  'admin.autogiro.codes.c03': {
    sv: 'Kontoslaget är inte godkänt för Autogiro.',
    en: 'The type of account is not approved for Autogiro.',
  },
  'admin.autogiro.codes.c04': {
    sv: 'Medgivandet saknas i Bankgirots medgivanderegister.',
    en: 'The mandate is missing from Bankgirot’s register of mandates.',
  },
  'admin.autogiro.codes.c05': {
    sv: 'Felaktigt kontonummer eller personnummer.',
    en: 'The account number or personal number is wrong.',
  },
  'admin.autogiro.codes.c07': {
    sv: 'Makulerat eftersom betalarens bank inte svarade på kontoförfrågan.',
    en: 'Cancelled because the payer’s bank did not answer the account check.',
  },
  'admin.autogiro.codes.c09': {
    sv: 'Betalarens bankgironummer saknas hos Bankgirot.',
    en: 'The payer’s bankgiro number is unknown to Bankgirot.',
  },
  'admin.autogiro.codes.c10': {
    sv: 'Medgivandet finns redan hos Bankgirot eller är under förfrågan.',
    en: 'The mandate already exists at Bankgirot or is being checked.',
  },
  'admin.autogiro.codes.c20': {
    sv: 'Felaktigt personnummer eller organisationsnummer.',
    en: 'Wrong personal or organisation number.',
  },
  'admin.autogiro.codes.c21': { sv: 'Felaktigt betalarnummer.', en: 'Wrong payer number.' },
  'admin.autogiro.codes.c23': { sv: 'Felaktigt bankkontonummer.', en: 'Wrong bank account number.' },
  'admin.autogiro.codes.c29': {
    sv: 'Mottagarens bankgironummer är felaktigt.',
    en: 'The payee’s bankgiro number is wrong.',
  },
  'admin.autogiro.codes.c30': {
    sv: 'Mottagarens bankgironummer är avregistrerat.',
    en: 'The payee’s bankgiro number is deregistered.',
  },
  'admin.autogiro.codes.c32': { sv: 'Nytt medgivande godkänt.', en: 'New mandate approved.' },
  'admin.autogiro.codes.c33': { sv: 'Medgivandet är makulerat.', en: 'The mandate is cancelled.' },
  'admin.autogiro.codes.c43': {
    sv: 'Betalarens bank svarade inte på kontoförfrågan.',
    en: 'The payer’s bank did not answer the account check.',
  },
  'admin.autogiro.codes.c98': {
    sv: 'Makulerat eftersom betalarens bankgironummer är makulerat.',
    en: 'Cancelled because the payer’s bankgiro number was closed.',
  },
  'admin.autogiro.refusals.empty': { sv: 'Filen är tom.', en: 'The file is empty.' },
  'admin.autogiro.refusals.tooLarge': {
    sv: 'Filen är för stor för att vara en svarsfil.',
    en: 'The file is too large to be an answer file.',
  },
  'admin.autogiro.refusals.notMandateAdvice': {
    sv: 'Det här är ingen medgivandeavisering (AG-MEDAVI) från Bankgirot.',
    en: 'This is not a mandate advice file (AG-MEDAVI) from Bankgirot.',
  },
  'admin.autogiro.refusals.duplicate': {
    sv: 'Samma fil lästes redan in som {{fileName}}.',
    en: 'The same file was already read as {{fileName}}.',
  },
  'admin.autogiro.refusals.brokenLayout': {
    sv: 'Fel format på rad {{line}}, position {{position}}.',
    en: 'Wrong format on line {{line}}, position {{position}}.',
  },
  'admin.autogiro.refusals.unknownRecord': {
    sv: 'Rad {{line}} har en posttyp ({{code}}) som inte hör hemma i en medgivandeavisering.',
    en: 'Line {{line}} has a record type ({{code}}) that does not belong in a mandate advice file.',
  },
  'admin.autogiro.refusals.otherBankgiro': {
    sv: 'Rad {{line}} gäller ett annat bankgironummer eller kundnummer än vårt ({{bankgiro}}).',
    en: 'Line {{line}} is for another bankgiro or customer number than ours ({{bankgiro}}).',
  },
  'admin.autogiro.refusals.countMismatch': {
    sv: 'Slutposten säger {{stated}} poster men filen har {{count}}.',
    en: 'The closing record says {{stated}} records but the file has {{count}}.',
  },
  // Autogiro register (issue 28): states, amendment files, discrepancies, the organisation's cancellation
  'admin.autogiro.states.revokePending': {
    sv: 'Avslutas av oss, inte skickat',
    en: 'Being ended by us, not sent',
  },
  'admin.autogiro.states.revokeSent': {
    sv: 'Avslutas av oss, skickat till Bankgirot',
    en: 'Being ended by us, sent to Bankgirot',
  },
  'admin.autogiro.files.kinds.amendments': { sv: 'Makuleringsfil', en: 'Amendment file' },
  'admin.autogiro.files.amendmentsWritten': {
    sv: 'Skicka {{fileName}} (makuleringar av höjningarnas gamla belopp) före dagens senare filer. De nya beloppen skrivs i en betalningsfil när Bankgirot har bekräftat makuleringen.',
    en: 'Send {{fileName}} (cancellations of the raises’ old amounts) before today’s later files. The new amounts go in a payment file once Bankgirot has confirmed the cancellation.',
  },
  'admin.autogiro.files.setAside': {
    sv: '{{count}} medgivanden kunde inte skrivas och står under ”Att titta på”. De andra gick med.',
    en: '{{count}} mandates could not be written and are listed under “To look at”. The others went in.',
  },
  'admin.autogiro.codes.c01': {
    sv: 'Makulerat på bankens initiativ (gammal layout).',
    en: 'Cancelled on the bank’s initiative (old layout).',
  },
  'admin.autogiro.codes.c06': {
    sv: 'Makulerat av Bankgirot (gammal layout).',
    en: 'Cancelled by Bankgirot (old layout).',
  },
  'admin.autogiro.codes.c11': {
    sv: 'Stoppat av betalaren (gammal layout).',
    en: 'Stopped by the payer (old layout).',
  },
  'admin.autogiro.codes.c12': {
    sv: 'Betalarens stopp är hävt (gammal layout).',
    en: 'The payer’s stop is lifted (old layout).',
  },
  'admin.autogiro.codes.c24': {
    sv: 'Maxbeloppet är inte tillåtet (gammal layout).',
    en: 'The maximum amount is not allowed (old layout).',
  },
  'admin.autogiro.discrepancies.title': { sv: 'Att titta på', en: 'To look at' },
  'admin.autogiro.discrepancies.intro': {
    sv: 'Svar från Bankgirot som inte passade medgivandets läge, och rader som inte kunde skrivas. Ingenting här har ändrat något medgivande.',
    en: 'Answers from Bankgirot that did not fit the mandate’s state, and rows that could not be written. Nothing here has changed any mandate.',
  },
  'admin.autogiro.discrepancies.empty': { sv: 'Inget att titta på.', en: 'Nothing to look at.' },
  'admin.autogiro.discrepancies.entry': {
    sv: 'Betalarnummer {{payerNumber}}: {{reason}}',
    en: 'Payer number {{payerNumber}}: {{reason}}',
  },
  'admin.autogiro.discrepancies.line': {
    sv: '{{fileName}}, rad {{line}}',
    en: '{{fileName}}, line {{line}}',
  },
  'admin.autogiro.discrepancies.resolve': { sv: 'Klart', en: 'Done' },
  'admin.autogiro.discrepancies.resolveLabel': {
    sv: 'Markera betalarnummer {{payerNumber}} som klart',
    en: 'Mark payer number {{payerNumber}} as done',
  },
  'admin.autogiro.discrepancies.reasons.answerDoesNotFit': {
    sv: 'svaret passar inte läget ({{state}}) och ändrade ingenting',
    en: 'the answer does not fit the state ({{state}}) and changed nothing',
  },
  'admin.autogiro.discrepancies.reasons.unknownPayer': {
    sv: 'ett betalarnummer vi inte har',
    en: 'a payer number we do not have',
  },
  'admin.autogiro.discrepancies.reasons.unwritableAccount': {
    sv: 'kontot kan inte skickas till Bankgirot; rätta det med givaren',
    en: 'the account cannot be sent to Bankgirot; correct it with the donor',
  },
  'admin.autogiro.discrepancies.reasons.paymentForUnknownMandate': {
    sv: 'en betalning för ett medgivande vi inte har',
    en: 'a payment for a mandate we do not have',
  },
  'admin.autogiro.detail.revoke': { sv: 'Avsluta medgivandet', en: 'End the mandate' },
  'admin.autogiro.detail.revokeConfirm': {
    sv: 'Avsluta medgivandet för {{name}}? Givaren får ett mejl, och en makulering går med nästa medgivandefil.',
    en: 'End the mandate of {{name}}? The donor gets an e-mail, and a cancellation goes in the next mandate file.',
  },
  'admin.autogiro.upload.drawsApplied': {
    sv: '{{fileName}} är inläst: {{count}} dragningar bokade, {{discrepancies}} att titta på.',
    en: '{{fileName}} is read: {{count}} draws booked, {{discrepancies}} to look at.',
  },
  'admin.autogiro.draws.title': { sv: 'Dragningar', en: 'Draws' },
  'admin.autogiro.draws.empty': { sv: 'Inga dragningar rapporterade ännu.', en: 'No draws reported yet.' },
  'admin.autogiro.draws.entry': {
    sv: '{{date}}: {{amount}}, {{state}}',
    en: '{{date}}: {{amount}}, {{state}}',
  },
  'admin.autogiro.draws.results.paid': { sv: 'betald', en: 'paid' },
  'admin.autogiro.draws.results.insufficientFunds': { sv: 'täckning saknades', en: 'insufficient funds' },
  'admin.autogiro.draws.results.noMandate': {
    sv: 'medgivande saknas hos Bankgirot',
    en: 'no mandate at Bankgirot',
  },
  'admin.autogiro.draws.results.renewed': { sv: 'görs ett nytt försök', en: 'to be tried again' },
  'admin.autogiro.draws.results.rejected': {
    sv: 'avvisad av Bankgirot (kod {{code}})',
    en: 'rejected by Bankgirot (code {{code}})',
  },
  'admin.autogiro.detail.problems': { sv: 'Att titta på', en: 'To look at' },
  'admin.autogiro.detail.nextDraw': { sv: 'Nästa dragning (bankdag)', en: 'Next draw (banking day)' },
  'admin.autogiro.detail.revoked': {
    sv: 'Medgivandet avslutas. Givaren får ett mejl.',
    en: 'The mandate is being ended. The donor gets an e-mail.',
  },
  'admin.autogiro.files.takeBack': { sv: 'Ta tillbaka', en: 'Take back' },
  'admin.autogiro.files.takeBackLabel': {
    sv: 'Ta tillbaka {{fileName}}',
    en: 'Take back {{fileName}}',
  },
  'admin.autogiro.files.takeBackConfirm': {
    sv: 'Ta tillbaka {{fileName}}? Gör det bara om filen aldrig laddades upp i banken. Medgivandena och betalningarna i den går med nästa fil i stället. Filen sparas, märkt som tillbakatagen: ladda aldrig upp den.',
    en: 'Take back {{fileName}}? Only if the file was never uploaded in the bank. Its mandates and payments go in the next file instead. The file is kept, marked as taken back: never upload it.',
  },
  'admin.autogiro.files.takeBackYes': { sv: 'Ja, ta tillbaka', en: 'Yes, take it back' },
  'admin.autogiro.files.takeBackKeep': { sv: 'Nej, behåll', en: 'No, keep it' },
  'admin.autogiro.files.takenBack': {
    sv: '{{fileName}} är tillbakatagen: {{count}} medgivanden går med nästa fil.',
    en: '{{fileName}} is taken back: {{count}} mandates go in the next file.',
  },
  'admin.autogiro.files.takenBackNote': {
    sv: 'Tillbakatagen {{changedAt}}: ladda inte upp den.',
    en: 'Taken back {{changedAt}}: do not upload it.',
  },
  'admin.autogiro.detail.sendAgain': { sv: 'Skicka betalningen igen', en: 'Send the payment again' },
  'admin.autogiro.detail.sendAgainConfirm': {
    sv: 'Skicka betalningen för {{name}} igen? Gör det bara när givaren har bekräftat att banken har ordnat kontot. Medgivandet blir godkänt igen och betalningen går med nästa betalningsfil, med ett nytt första datum.',
    en: 'Send the payment of {{name}} again? Only when the donor has confirmed that the bank has put the account right. The mandate is approved again and the payment goes in the next payment file, with a new first date.',
  },
  'admin.autogiro.detail.sendAgainYes': { sv: 'Ja, skicka igen', en: 'Yes, send again' },
  'admin.autogiro.detail.sendAgainKeep': { sv: 'Nej, vänta', en: 'No, wait' },
  'admin.autogiro.detail.sentAgain': {
    sv: 'Betalningen går med nästa betalningsfil.',
    en: 'The payment goes in the next payment file.',
  },
  'admin.autogiro.problems.paymentRejectedSendAgain': {
    sv: 'Har givarens bank ordnat kontot (givaren bekräftar det)? Välj Skicka betalningen igen på medgivandets sida.',
    en: 'Has the donor’s bank put the account right (the donor confirms it)? Choose Send the payment again on the mandate’s page.',
  },
  'admin.audit.actions.mandates.revoke': { sv: 'Medgivande avslutat av oss', en: 'Mandate ended by us' },
  'admin.audit.actions.mandates.takeBackFile': {
    sv: 'Autogirofil tagen tillbaka',
    en: 'Autogiro file taken back',
  },
  'admin.audit.actions.mandates.sendAgain': {
    sv: 'Avvisad betalning skickad igen',
    en: 'Rejected payment sent again',
  },
  'admin.audit.actions.mandates.resolveDiscrepancy': {
    sv: 'Avvikelse i autogiro klarmarkerad',
    en: 'Autogiro discrepancy marked done',
  },

  'admin.scan.title': { sv: 'Biljettkontroll', en: 'Ticket check' },
  'admin.scan.loading': { sv: 'Kontrollerar biljetten…', en: 'Checking the ticket…' },
  'admin.scan.success': {
    sv: 'Giltig biljett. Välkommen, {{firstName}}!',
    en: 'Valid ticket. Welcome, {{firstName}}!',
  },
  'admin.scan.alreadyScanned': {
    sv: 'Biljetten är redan skannad ({{scannedAt}}).',
    en: 'The ticket has already been scanned ({{scannedAt}}).',
  },
  'admin.scan.error': {
    sv: 'Biljetten kunde inte kontrolleras. Försök igen.',
    en: 'The ticket could not be checked. Please try again.',
  },
  'admin.scan.notFound': { sv: 'Biljetten finns inte.', en: 'The ticket does not exist.' },
  'admin.scan.close': { sv: 'Stäng', en: 'Close' },
  'admin.scan.retry': { sv: 'Försök igen', en: 'Try again' },

  'admin.addManualAttendee.title': { sv: 'Lägg till deltagare', en: 'Add attendee' },
  'admin.addManualAttendee.intro': {
    sv: 'Lägg till en deltagare som inte har anmält sig via webben, till exempel någon som har beställt biljett per telefon.',
    en: 'Add an attendee who did not sign up online, for example someone who ordered a ticket by phone.',
  },
  'admin.addManualAttendee.firstName.label': { sv: 'Förnamn', en: 'First name' },
  'admin.addManualAttendee.lastName.label': { sv: 'Efternamn', en: 'Last name' },
  'admin.addManualAttendee.email.label': { sv: 'E-postadress', en: 'E-mail address' },
  'admin.addManualAttendee.submit': { sv: 'Lägg till', en: 'Add' },
  'admin.addManualAttendee.submitting': { sv: 'Lägger till…', en: 'Adding…' },
  'admin.addManualAttendee.success': {
    sv: '{{firstName}} {{lastName}} har lagts till.',
    en: '{{firstName}} {{lastName}} has been added.',
  },
  'admin.addManualAttendee.error': {
    sv: 'Deltagaren kunde inte läggas till: {{message}}',
    en: 'The attendee could not be added: {{message}}',
  },
  'admin.addManualAttendee.ticketId': { sv: 'Biljett-id: {{ticketId}}', en: 'Ticket ID: {{ticketId}}' },
  'admin.addManualAttendee.sendTicket': { sv: 'Skicka biljettmejlet', en: 'Send the ticket e-mail' },

  'admin.sendEmail.title': { sv: 'Lägg ett mejl i kön', en: 'Queue an e-mail' },
  'admin.sendEmail.intro': {
    sv: 'Lägg ett mejl i utskickskön. Det skickas automatiskt inom kort.',
    en: 'Add an e-mail to the outgoing queue. It will be sent automatically shortly.',
  },
  'admin.sendEmail.email.label': { sv: 'E-postadress', en: 'E-mail address' },
  'admin.sendEmail.name.label': { sv: 'Förnamn', en: 'First name' },
  'admin.sendEmail.type.label': { sv: 'Typ av mejl', en: 'E-mail type' },
  'admin.sendEmail.type.placeholder': { sv: 'Välj typ', en: 'Choose type' },
  'admin.sendEmail.ticketId.label': { sv: 'Biljett-id', en: 'Ticket ID' },
  'admin.sendEmail.lang.label': { sv: 'Mejlets språk', en: 'Language of the e-mail' },
  'admin.sendEmail.lang.sv': { sv: 'Svenska', en: 'Swedish' },
  'admin.sendEmail.lang.en': { sv: 'Engelska', en: 'English' },
  'admin.sendEmail.types.registeredNew': {
    sv: 'Bekräftelse – ny månadsgivare',
    en: 'Confirmation – new monthly donor',
  },
  'admin.sendEmail.types.registeredMember': {
    sv: 'Bekräftelse – höjd månadsgåva',
    en: 'Confirmation – raised monthly donation',
  },
  'admin.sendEmail.types.finalTicket': { sv: 'Biljettkod', en: 'Ticket code' },
  'admin.sendEmail.submit': { sv: 'Lägg i kön', en: 'Add to queue' },
  'admin.sendEmail.submitting': { sv: 'Lägger i kön…', en: 'Adding to queue…' },
  'admin.sendEmail.queued': {
    sv: 'Mejlet till {{email}} har lagts i kön.',
    en: 'The e-mail to {{email}} has been queued.',
  },
  'admin.sendEmail.error': {
    sv: 'Mejlet kunde inte läggas i kön: {{message}}',
    en: 'The e-mail could not be queued: {{message}}',
  },
  'admin.sendEmail.outbox.title': { sv: 'Utkorg', en: 'Outbox' },
  'admin.sendEmail.outbox.empty': { sv: 'Inga mejl i kön.', en: 'No e-mails in the queue.' },
  'admin.sendEmail.outbox.email': { sv: 'Mottagare', en: 'Recipient' },
  'admin.sendEmail.outbox.type': { sv: 'Typ', en: 'Type' },
  'admin.sendEmail.outbox.createdAt': { sv: 'Skapad', en: 'Created' },
  'admin.sendEmail.outbox.status.label': { sv: 'Status', en: 'Status' },
  'admin.sendEmail.outbox.status.pending': { sv: 'Väntar', en: 'Pending' },
  'admin.sendEmail.outbox.status.sending': { sv: 'Skickas', en: 'Sending' },
  'admin.sendEmail.outbox.status.sent': { sv: 'Skickat', en: 'Sent' },
  'admin.sendEmail.outbox.status.failed': { sv: 'Misslyckades', en: 'Failed' },
  'admin.sendEmail.outbox.refresh': { sv: 'Uppdatera', en: 'Refresh' },
  'admin.sendEmail.outbox.error': {
    sv: 'Utkorgen kunde inte hämtas: {{message}}',
    en: 'The outbox could not be loaded: {{message}}',
  },

  // ───────────────────────────── Copy editor ─────────────────────────────
  'copyEditor.title': { sv: 'Redigera texter', en: 'Edit copy' },
  'copyEditor.intro': {
    sv: 'Här ändrar du texterna på webbplatsen, ordnade efter sida. Publicera en ändring direkt, eller spara den som utkast och förhandsgranska den på sidan först. Variabler skrivs inom dubbla klammerparenteser och byts ut mot rätt värde när sidan visas.',
    en: 'Here you change the texts of the website, arranged by page. Publish a change at once, or save it as a draft and preview it on the page first. Variables are written within double curly braces and are replaced with the right value when the page is shown.',
  },
  'copyEditor.search.label': { sv: 'Sök bland texterna', en: 'Search the texts' },
  'copyEditor.search.placeholder': {
    sv: 'Nyckel, svensk eller engelsk text',
    en: 'Key, Swedish or English text',
  },
  'copyEditor.key': { sv: 'Nyckel', en: 'Key' },
  'copyEditor.swedish': { sv: 'Svenska', en: 'Swedish' },
  'copyEditor.english': { sv: 'Engelska', en: 'English' },
  'copyEditor.preview': { sv: 'Förhandsvisning', en: 'Preview' },
  'copyEditor.variables': { sv: 'Tillgängliga variabler', en: 'Available variables' },
  'copyEditor.variableNow': { sv: 'visas nu som', en: 'now shows as' },
  'copyEditor.edit': { sv: 'Redigera', en: 'Edit' },
  'copyEditor.cancel': { sv: 'Avbryt', en: 'Cancel' },
  'copyEditor.save': { sv: 'Publicera', en: 'Publish' },
  'copyEditor.saving': { sv: 'Publicerar…', en: 'Publishing…' },
  'copyEditor.saveSuccess': { sv: 'Texten har publicerats', en: 'The text has been published' },
  'copyEditor.saveError': {
    sv: 'Texten kunde inte publiceras. Försök igen.',
    en: 'The text could not be published. Please try again.',
  },
  'copyEditor.conflict': {
    sv: 'Någon annan har ändrat texten sedan du öppnade den. Ladda om för att se den senaste versionen innan du sparar.',
    en: 'Someone else has changed the text since you opened it. Reload to see the latest version before you save.',
  },
  'copyEditor.unknownVariable': {
    sv: 'Okänd variabel: {{id}}',
    en: 'Unknown variable: {{id}}',
  },
  'copyEditor.emptyLanguage': {
    sv: 'Texten får inte vara tom på något av språken.',
    en: 'The text must not be empty in either language.',
  },
  'copyEditor.history': { sv: 'Historik', en: 'History' },
  'copyEditor.historyEntry': {
    sv: 'Ändrad {{changedAt}} av {{changedBy}}',
    en: 'Changed {{changedAt}} by {{changedBy}}',
  },
  'copyEditor.historyEmpty': {
    sv: 'Texten har inte ändrats ännu.',
    en: 'The text has not been changed yet.',
  },
  'copyEditor.restore': { sv: 'Återställ den här versionen', en: 'Restore this version' },
  'copyEditor.jump.label': { sv: 'Gå till sida', en: 'Go to page' },
  'copyEditor.jump.placeholder': { sv: 'Välj en sida', en: 'Choose a page' },
  'copyEditor.noResults': { sv: 'Inga texter matchar sökningen.', en: 'No texts match the search.' },
  'copyEditor.count': {
    sv: 'Visar {{count}} av {{total}} texter',
    en: 'Showing {{count}} of {{total}} texts',
  },
  'copyEditor.loadError': {
    sv: 'Texterna kunde inte hämtas: {{message}}',
    en: 'The texts could not be loaded: {{message}}',
  },
  'copyEditor.previewHint': {
    sv: 'Värden som fylls i först när sidan visas står här inom ⟨ ⟩.',
    en: 'Values that are only filled in when the page is shown appear here within ⟨ ⟩.',
  },
  'copyEditor.fixBeforeSaving': { sv: 'Rätta det här innan du sparar:', en: 'Fix this before you save:' },
  'copyEditor.reload': { sv: 'Ladda om texten', en: 'Reload the text' },
  'copyEditor.retry': { sv: 'Försök igen', en: 'Try again' },
  'copyEditor.editing': { sv: 'Redigerar {{id}}', en: 'Editing {{id}}' },
  'copyEditor.historyBefore': { sv: 'Före', en: 'Before' },
  'copyEditor.historyAfter': { sv: 'Efter', en: 'After' },
  'copyEditor.historyError': {
    sv: 'Historiken kunde inte hämtas: {{message}}',
    en: 'The history could not be loaded: {{message}}',
  },

  // ───────────────────────────── E-mails ─────────────────────────────
  'email.registeredNew.subject': {
    sv: 'Välkommen som månadsgivare – din biljett är bokad',
    en: 'Welcome as a monthly donor – your ticket is booked',
  },
  'email.registeredNew.body': {
    sv: 'Hej {{firstName}}!\n\nTack för att du har blivit månadsgivare hos {{orgName}}. Din månadsgåva gör det möjligt för oss att fortsätta kämpa för mänskliga rättigheter, varje månad.\n\nDin månadsgåva på {{amount}} dras via Autogiro den {{drawDay}} varje månad, första gången den {{firstDrawDate}}, till {{orgName}}s bankgiro {{bankgiro}}. Medgivandet gäller tills vidare. Vill du ändra beloppet eller säga upp medgivandet kontaktar du oss på {{supportEmail}} eller {{supportPhone}} senast fem bankdagar före dragningsdagen, eller din bank senast bankdagen före.\n\nSom tack har vi bokat en biljett åt dig till konserten på {{venue}} i {{city}} den {{concertDate}}. Den {{ticketEmailDate}} får du ett mejl med din biljettkod. {{admission}}\n\nTänk på att konserten har åldersgräns {{minAge}} år.\n\nHar du frågor? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.\n\nVarma hälsningar\n{{orgName}}',
    en: 'Hi {{firstName}}!\n\nThank you for becoming a monthly donor to {{orgName}}. Your monthly donation makes it possible for us to keep fighting for human rights, every month.\n\nYour monthly gift of {{amount}} is drawn by Autogiro direct debit on day {{drawDay}} of every month, the first time on {{firstDrawDate}}, to the bankgiro of {{orgName}}, {{bankgiro}}. The mandate is valid until further notice. To change the amount or cancel the mandate, contact us at {{supportEmail}} or {{supportPhone}} no later than five banking days before the debit day, or your bank no later than the banking day before.\n\nAs a thank-you we have booked a ticket for you to the concert at {{venue}} in {{city}} on {{concertDate}}. On {{ticketEmailDate}} you will receive an e-mail with your ticket code. {{admission}}\n\nPlease note that the concert has an age limit of {{minAge}}.\n\nAny questions? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.\n\nWarm regards\n{{orgName}}',
  },
  'email.registeredMember.subject': {
    sv: 'Tack för att du höjde din månadsgåva – din biljett är bokad',
    en: 'Thank you for raising your monthly donation – your ticket is booked',
  },
  'email.registeredMember.body': {
    sv: 'Hej {{firstName}}!\n\nTack för att du har höjt din månadsgåva till {{orgName}}. Ditt fortsatta och ökade stöd betyder enormt mycket för vårt arbete för mänskliga rättigheter.\n\nDin nya månadsgåva på {{amount}} dras via Autogiro den {{drawDay}} varje månad, med det nya beloppet första gången den {{firstDrawDate}}, till {{orgName}}s bankgiro {{bankgiro}}. Medgivandet gäller tills vidare. Vill du ändra beloppet eller säga upp medgivandet kontaktar du oss på {{supportEmail}} eller {{supportPhone}} senast fem bankdagar före dragningsdagen, eller din bank senast bankdagen före.\n\nSom tack har vi bokat en biljett åt dig till konserten på {{venue}} i {{city}} den {{concertDate}}. Den {{ticketEmailDate}} får du ett mejl med din biljettkod. {{admission}}\n\nTänk på att konserten har åldersgräns {{minAge}} år.\n\nHar du frågor? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.\n\nVarma hälsningar\n{{orgName}}',
    en: 'Hi {{firstName}}!\n\nThank you for raising your monthly donation to {{orgName}}. Your continued and increased support means a great deal to our work for human rights.\n\nYour new monthly gift of {{amount}} is drawn by Autogiro direct debit on day {{drawDay}} of every month, the new amount the first time on {{firstDrawDate}}, to the bankgiro of {{orgName}}, {{bankgiro}}. The mandate is valid until further notice. To change the amount or cancel the mandate, contact us at {{supportEmail}} or {{supportPhone}} no later than five banking days before the debit day, or your bank no later than the banking day before.\n\nAs a thank-you we have booked a ticket for you to the concert at {{venue}} in {{city}} on {{concertDate}}. On {{ticketEmailDate}} you will receive an e-mail with your ticket code. {{admission}}\n\nPlease note that the concert has an age limit of {{minAge}}.\n\nAny questions? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.\n\nWarm regards\n{{orgName}}',
  },
  'email.finalTicket.subject': {
    sv: 'Din biljettkod till konserten den {{concertDate}}',
    en: 'Your ticket code for the concert on {{concertDate}}',
  },
  'email.finalTicket.body': {
    sv: 'Hej {{firstName}}!\n\nNu är det snart dags! Här är din biljettkod till konserten på {{venue}} i {{city}} den {{concertDate}} klockan {{concertTime}}:\n\n{{ticketId}}\n\nVisa QR-koden i entrén, i det här mejlet eller på din biljettsida (den fungerar i telefonen):\n\n{{ticketUrl}}\n\nLänken som QR-koden bär är entrévärdarnas, för att checka in dig:\n\n{{scanUrl}}\n\nI bilagan finns konserten som kalenderhändelse.\n\nTänk på att konserten har åldersgräns {{minAge}} år och ta med legitimation.\n\nHar du frågor? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.\n\nVi ses på konserten!\n{{orgName}}',
    en: 'Hi {{firstName}}!\n\nIt is almost time! Here is your ticket code for the concert at {{venue}} in {{city}} on {{concertDate}} at {{concertTime}}:\n\n{{ticketId}}\n\nShow the QR code at the entrance, in this e-mail or on your ticket page (it works on your phone):\n\n{{ticketUrl}}\n\nThe link the QR code holds is for the door staff, to check you in:\n\n{{scanUrl}}\n\nThe attachment has the concert as a calendar event.\n\nPlease note that the concert has an age limit of {{minAge}} and bring photo ID.\n\nAny questions? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.\n\nSee you at the concert!\n{{orgName}}',
  },
  'email.concertChanged.subject': {
    sv: 'Konserten har flyttats: nu den {{concertDate}}',
    en: 'The concert has moved: now on {{concertDate}}',
  },
  'email.concertChanged.body': {
    sv: 'Hej {{firstName}}!\n\nKonserten har fått ny tid eller plats. Tidigare: {{oldDate}} klockan {{oldTime}} på {{oldVenue}} i {{oldCity}}.\n\nNu: {{concertDate}}, insläpp klockan {{doorsTime}} och konserten börjar {{concertTime}}, på {{venue}}, {{address}} i {{city}}.\n\nDin biljett gäller som vanligt, du behöver inte göra något. I bilagan finns konserten som kalenderhändelse: öppna den så flyttas händelsen i din kalender.\n\nKan du inte komma? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}, så hjälper vi dig. Ditt medlemskap och din månadsgåva påverkas inte av att konserten flyttas.\n\n{{orgName}}',
    en: 'Hi {{firstName}}!\n\nThe concert has a new time or place. Before: {{oldDate}} at {{oldTime}} at {{oldVenue}} in {{oldCity}}.\n\nNow: {{concertDate}}, doors open at {{doorsTime}} and the concert starts at {{concertTime}}, at {{venue}}, {{address}} in {{city}}.\n\nYour ticket is still valid; you do not need to do anything. The attachment has the concert as a calendar event: open it and the event moves in your calendar.\n\nCannot come? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}, and we will help you. Your membership and monthly gift are not affected by the move.\n\n{{orgName}}',
  },
  'email.queueConfirmation.subject': {
    sv: 'Bekräfta din plats i kön till konserten den {{concertDate}}',
    en: 'Confirm your place in the queue for the concert on {{concertDate}}',
  },
  'email.queueConfirmation.body': {
    sv: 'Hej {{firstName}}!\n\nNågon, förhoppningsvis du, vill ställa {{email}} i kön till konserten på {{venue}} i {{city}} den {{concertDate}}. Just nu är alla biljetter bokade, men det händer att platser blir lediga.\n\nBekräfta din plats i kön genom att öppna länken nedan inom {{queueConfirmHours}} timmar:\n\n{{confirmUrl}}\n\nFörst när du har bekräftat står du i kön. Om det blir en biljett ledig åt dig skriver vi till den här adressen. Samma länk visar senare din plats i kön, och där kan du lämna kön med ett klick. Var det inte du? Då kan du strunta i det här mejlet, så händer ingenting.\n\nHar du frågor? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.\n\nVarma hälsningar\n{{orgName}}',
    en: 'Hi {{firstName}}!\n\nSomeone, hopefully you, wants to add {{email}} to the queue for the concert at {{venue}} in {{city}} on {{concertDate}}. All tickets are booked at the moment, but places sometimes become available.\n\nConfirm your place in the queue by opening the link below within {{queueConfirmHours}} hours:\n\n{{confirmUrl}}\n\nYou are in the queue only once you have confirmed. If a ticket becomes available for you, we will write to this address. The same link later shows your place in the queue, and there you can leave the queue with one click. Was it not you? Then ignore this e-mail and nothing happens.\n\nAny questions? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.\n\nWarm regards\n{{orgName}}',
  },
  'email.mandateRejected.subject': {
    sv: 'Vi behöver din hjälp med ditt autogiro',
    en: 'We need your help with your direct debit',
  },
  'email.mandateRejected.body': {
    sv: 'Hej {{firstName}}!\n\nTack för att du vill bli månadsgivare hos {{orgName}}. Tyvärr kunde din bank inte godkänna ditt autogiromedgivande, så ingen gåva kommer att dras från ditt konto ännu.\n\nKontakta oss gärna så hjälper vi dig att komma rätt, till exempel med ett annat konto: mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}. Ange kod {{code}} från Bankgirot.\n\nDin biljett till konserten gäller som vanligt.\n\nVarma hälsningar\n{{orgName}}',
    en: 'Hi {{firstName}}!\n\nThank you for wanting to become a monthly donor to {{orgName}}. Unfortunately your bank could not approve your direct debit mandate, so no gift will be drawn from your account yet.\n\nPlease get in touch and we will help you put it right, for example with another account: e-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}. Quote code {{code}} from Bankgirot.\n\nYour concert ticket is valid as usual.\n\nWarm regards\n{{orgName}}',
  },
  // Autogiro register (issue 28): the organisation ends a mandate
  'email.mandateRevoked.subject': {
    sv: 'Ditt autogiro till {{orgName}} avslutas',
    en: 'Your direct debit to {{orgName}} is ending',
  },
  'email.mandateRevoked.body': {
    sv: 'Hej {{firstName}}!\n\nVi har avslutat ditt autogiromedgivande till {{orgName}}. Inga fler gåvor dras från ditt konto med det här medgivandet.\n\nTack för ditt stöd! Har du frågor? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.\n\nVarma hälsningar\n{{orgName}}',
    en: 'Hi {{firstName}}!\n\nWe have ended your direct debit mandate to {{orgName}}. No more gifts will be drawn from your account under this mandate.\n\nThank you for your support! Any questions? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.\n\nWarm regards\n{{orgName}}',
  },
  // Autogiro (issue 39): a raise's first draw at the new amount moved later than promised
  'email.raiseFirstDrawMoved.subject': {
    sv: 'Din höjda gåva dras från {{firstDrawDate}}',
    en: 'Your raised gift is drawn from {{firstDrawDate}}',
  },
  'email.raiseFirstDrawMoved.body': {
    sv: 'Hej {{firstName}}!\n\nTack för att du höjer din månadsgåva till {{orgName}}. Det nya beloppet, {{amount}} i månaden, dras första gången {{firstDrawDate}}, inte {{promisedDate}} som vi skrev tidigare, eftersom ändringen inte hann fram till Bankgirot i tid. Du dras aldrig två belopp samma månad.\n\nHar du frågor? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.\n\nVarma hälsningar\n{{orgName}}',
    en: 'Hi {{firstName}}!\n\nThank you for raising your monthly gift to {{orgName}}. The new amount, {{amount}} a month, is drawn for the first time on {{firstDrawDate}}, not {{promisedDate}} as we wrote before, because the change did not reach Bankgirot in time. You are never drawn two amounts in the same month.\n\nAny questions? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.\n\nWarm regards\n{{orgName}}',
  },
  // The contact form (issue 29 §6): the message to the organisation, and the sender's receipt
  'email.contactMessage.subject': {
    sv: 'Meddelande via kontaktformuläret från {{senderEmail}}',
    en: 'Message through the contact form from {{senderEmail}}',
  },
  'email.contactMessage.body': {
    sv: 'Ett meddelande har kommit via kontaktformuläret.\n\nFrån: {{senderEmail}} (språk: {{senderLang}})\n\n{{contactMessage}}\n\nSvara direkt till {{senderEmail}}.',
    en: 'A message has come through the contact form.\n\nFrom: {{senderEmail}} (language: {{senderLang}})\n\n{{contactMessage}}\n\nReply directly to {{senderEmail}}.',
  },
  'email.contactReceipt.subject': { sv: 'Vi har fått ditt meddelande', en: 'We have received your message' },
  // A fixed confirmation (issue 39 §10): it goes to whatever address was typed, so it never quotes what was typed.
  'email.contactReceipt.body': {
    sv: 'Hej!\n\nTack för att du skrev till {{orgName}}. Vi har fått ditt meddelande och svarar så snart vi kan, oftast inom två arbetsdagar.\n\nBrådskande? Ring {{supportPhone}}, {{supportHours}}.\n\nHar du inte skrivit till oss kan du bortse från det här mejlet.\n\nVarma hälsningar\n{{orgName}}',
    en: 'Hi!\n\nThank you for writing to {{orgName}}. We have received your message and will answer as soon as we can, usually within two working days.\n\nUrgent? Call {{supportPhone}}, {{supportHours}}.\n\nIf you did not write to us, you can ignore this e-mail.\n\nWarm regards\n{{orgName}}',
  },
  // ───────────────────────────── The office ─────────────────────────────
  'admin.nav.attendees': { sv: 'Deltagare', en: 'Attendees' },
  'admin.nav.mailout': { sv: 'Biljettutskick', en: 'Ticket mail-out' },
  'admin.nav.audit': { sv: 'Logg', en: 'Audit log' },
  'email.finalTicket.calendarTitle': {
    sv: 'Konsert för mänskliga rättigheter – {{orgName}}',
    en: 'Concert for human rights – {{orgName}}',
  },
  'admin.dashboard.asOf': {
    sv: 'Uppdaterad {{time}}. Siffrorna uppdateras av sig själva.',
    en: 'Updated {{time}}. The figures update by themselves.',
  },
  'admin.dashboard.error': {
    sv: 'Översikten kunde inte hämtas: {{message}}',
    en: 'The overview could not be loaded: {{message}}',
  },
  'admin.dashboard.retry': { sv: 'Försök igen', en: 'Try again' },
  'admin.dashboard.tickets.title': { sv: 'Biljetter', en: 'Tickets' },
  'admin.dashboard.tickets.capacity': { sv: 'Kapacitet', en: 'Capacity' },
  'admin.dashboard.tickets.liveHolds': { sv: 'Reserverade just nu', en: 'Held right now' },
  'admin.dashboard.tickets.confirmed': { sv: 'Bekräftade', en: 'Confirmed' },
  'admin.dashboard.tickets.checkedIn': { sv: 'Incheckade', en: 'Checked in' },
  'admin.dashboard.queue.title': { sv: 'Kön', en: 'Queue' },
  'admin.dashboard.queue.waiting': { sv: 'Väntar', en: 'Waiting' },
  'admin.dashboard.queue.offered': { sv: 'Har fått erbjudande', en: 'Offered a ticket' },
  'admin.dashboard.queue.accepted': { sv: 'Har tackat ja', en: 'Accepted' },
  'admin.dashboard.funnel.title': {
    sv: 'Idag, från start till signering',
    en: 'Today, from start to signature',
  },
  'admin.dashboard.funnel.started': {
    sv: 'Påbörjade legitimeringar med BankID',
    en: 'BankID identifications begun',
  },
  'admin.dashboard.funnel.identified': { sv: 'Slutförda legitimeringar', en: 'Identifications completed' },
  'admin.dashboard.funnel.signed': { sv: 'Signerade (biljett bekräftad)', en: 'Signed (ticket confirmed)' },
  'admin.dashboard.funnel.dropOff': { sv: '{{count}} föll bort', en: '{{count}} dropped off' },
  'admin.dashboard.donations.title': {
    sv: 'Månadsgåvor under försäljningen',
    en: 'Monthly donations during the sale',
  },
  'admin.dashboard.donations.newDonors': { sv: 'Nya månadsgivare', en: 'New monthly donors' },
  'admin.dashboard.donations.raises': { sv: 'Höjda gåvor', en: 'Raised donations' },
  'admin.dashboard.donations.perMonth': { sv: '+{{amount}} i månaden', en: '+{{amount}} a month' },
  'admin.dashboard.mandates.title': { sv: 'Autogiromedgivanden', en: 'Direct debit mandates' },
  'admin.dashboard.mandates.empty': { sv: 'Inga medgivanden än.', en: 'No mandates yet.' },
  'admin.dashboard.chart.title': { sv: 'Försäljningen per minut', en: 'The sale per minute' },
  'admin.dashboard.chart.tickets': { sv: 'Bekräftade biljetter', en: 'Confirmed tickets' },
  'admin.dashboard.chart.kronor': { sv: 'Nytt givande per månad', en: 'New giving per month' },
  'admin.dashboard.chart.empty': { sv: 'Inget är sålt än.', en: 'Nothing has been sold yet.' },
  'admin.dashboard.chart.summary': {
    sv: 'Diagram över {{count}} minuter med försäljning. Siffrorna står också ovanför.',
    en: 'Chart of {{count}} minutes with sales. The figures are also given above.',
  },
  'admin.attendees.title': { sv: 'Deltagare', en: 'Attendees' },
  'admin.attendees.search.label': {
    sv: 'Sök namn, e-post eller biljettkod',
    en: 'Search name, e-mail or ticket code',
  },
  'admin.attendees.search.submit': { sv: 'Sök', en: 'Search' },
  'admin.attendees.origin.label': { sv: 'Hur biljetten kom till', en: 'How the ticket was obtained' },
  'admin.attendees.origin.all': { sv: 'Alla', en: 'All' },
  'admin.attendees.origins.newMember': { sv: 'Ny månadsgivare', en: 'New monthly donor' },
  'admin.attendees.origins.raise': { sv: 'Höjd gåva', en: 'Raised donation' },
  'admin.attendees.origins.manual': { sv: 'Tillagd för hand', en: 'Added by hand' },
  'admin.attendees.checkedIn.label': { sv: 'Incheckning', en: 'Check-in' },
  'admin.attendees.checkedIn.all': { sv: 'Alla', en: 'All' },
  'admin.attendees.checkedIn.yes': { sv: 'Incheckade', en: 'Checked in' },
  'admin.attendees.checkedIn.no': { sv: 'Inte incheckade', en: 'Not checked in' },
  'admin.attendees.confirmedAt': { sv: 'Bekräftad {{time}}', en: 'Confirmed {{time}}' },
  'admin.attendees.checkedInAt': { sv: 'Incheckad {{time}}', en: 'Checked in {{time}}' },
  'admin.attendees.notCheckedIn': { sv: 'Inte incheckad', en: 'Not checked in' },
  'admin.attendees.ticketCode': { sv: 'Biljettkod {{ticketId}}', en: 'Ticket code {{ticketId}}' },
  'admin.attendees.erased': { sv: '(raderad)', en: '(erased)' },
  'admin.attendees.more': { sv: 'Visa fler', en: 'Show more' },
  'admin.attendees.shown': { sv: 'Visar {{count}} deltagare.', en: 'Showing {{count}} attendees.' },
  'admin.attendees.empty': { sv: 'Inga deltagare matchar.', en: 'No attendees match.' },
  'admin.attendees.error': {
    sv: 'Listan kunde inte hämtas: {{message}}',
    en: 'The list could not be loaded: {{message}}',
  },
  'admin.attendees.history.open': { sv: 'Historik', en: 'History' },
  'admin.attendees.history.openFor': { sv: 'Historik för {{id}}', en: 'History of {{id}}' },
  'admin.attendees.history.title': {
    sv: 'Historik för biljett {{ticketId}}',
    en: 'History of ticket {{ticketId}}',
  },
  'admin.attendees.history.close': { sv: 'Stäng historiken', en: 'Close the history' },
  'admin.attendees.history.by': { sv: '{{message}} ({{email}})', en: '{{message}} ({{email}})' },
  'admin.attendees.history.confirmed': { sv: 'Biljetten bekräftades', en: 'The ticket was confirmed' },
  'admin.attendees.history.checkedIn': { sv: 'Checkades in', en: 'Checked in' },
  'admin.attendees.history.mailQueued': {
    sv: 'Biljettmejlet lades i utkorgen',
    en: 'The ticket e-mail was queued',
  },
  'admin.attendees.history.mailSent': { sv: 'Biljettmejlet skickades', en: 'The ticket e-mail was sent' },
  'admin.exports.title': { sv: 'Exportera', en: 'Export' },
  'admin.exports.intro': {
    sv: 'Filerna innehåller personuppgifter. Spara dem bara där de behövs och radera dem efter konserten.',
    en: 'The files hold personal data. Keep them only where they are needed and delete them after the concert.',
  },
  'admin.exports.kinds.attendees': {
    sv: 'Deltagarlista med biljettkoder (namn, e-post, biljettkod, status)',
    en: 'Attendee list with ticket codes (name, e-mail, ticket code, status)',
  },
  'admin.exports.kinds.donations': {
    sv: 'Nya månadsgivare och höjda gåvor med belopp',
    en: 'New monthly donors and raised donations with amounts',
  },
  'admin.exports.kinds.queue': { sv: 'Kön', en: 'The queue' },
  'admin.exports.csv': { sv: 'Ladda ner CSV', en: 'Download CSV' },
  'admin.exports.xlsx': { sv: 'Ladda ner Excel', en: 'Download Excel' },
  'admin.exports.working': { sv: 'Hämtar {{id}} …', en: 'Fetching {{id}} …' },
  'admin.exports.done': { sv: '{{id}} är nedladdad.', en: '{{id}} has been downloaded.' },
  'admin.exports.error': { sv: 'Exporten misslyckades: {{message}}', en: 'The export failed: {{message}}' },
  'admin.exports.sheets.attendees': { sv: 'Deltagare', en: 'Attendees' },
  'admin.exports.sheets.donations': { sv: 'Månadsgåvor', en: 'Donations' },
  'admin.exports.sheets.queue': { sv: 'Kö', en: 'Queue' },
  'admin.exports.columns.firstName': { sv: 'Förnamn', en: 'First name' },
  'admin.exports.columns.lastName': { sv: 'Efternamn', en: 'Last name' },
  'admin.exports.columns.email': { sv: 'E-post', en: 'E-mail' },
  'admin.exports.columns.ticketCode': { sv: 'Biljettkod', en: 'Ticket code' },
  'admin.exports.columns.kind': { sv: 'Typ', en: 'Kind' },
  'admin.exports.columns.previousAmount': {
    sv: 'Tidigare belopp per månad',
    en: 'Previous amount per month',
  },
  'admin.exports.columns.monthlyAmount': { sv: 'Belopp per månad', en: 'Amount per month' },
  'admin.exports.columns.addedAmount': { sv: 'Tillskott per månad', en: 'Added per month' },
  'admin.exports.columns.signedAt': { sv: 'Signerad', en: 'Signed' },
  'admin.exports.columns.mandateState': { sv: 'Medgivandets status', en: 'Mandate state' },
  'admin.exports.columns.position': { sv: 'Plats', en: 'Position' },
  'admin.exports.columns.joinedAt': { sv: 'Anmäld', en: 'Joined' },
  'admin.exports.columns.confirmedAt': { sv: 'Bekräftad', en: 'Confirmed' },
  'admin.exports.donationKinds.newMember': { sv: 'Ny månadsgivare', en: 'New monthly donor' },
  'admin.exports.donationKinds.raise': { sv: 'Höjning', en: 'Raise' },
  'admin.mailout.title': { sv: 'Biljettutskick', en: 'Ticket mail-out' },
  'admin.mailout.intro': {
    sv: 'Biljettmejlet med biljettkod, QR-kod, länk och kalenderfil går till varje bekräftad deltagare, en gång per biljett hur många gånger du än trycker. Den som bekräftas efter utskicket får sitt mejl direkt.',
    en: 'The ticket e-mail with the ticket code, QR code, link and calendar file goes to every confirmed attendee, once per ticket however often you press. Anyone confirmed after the mail-out gets theirs at once.',
  },
  'admin.mailout.state.none': { sv: 'Inget utskick är planerat.', en: 'No mail-out is scheduled.' },
  'admin.mailout.state.scheduled': {
    sv: 'Utskicket är planerat till {{time}} (av {{email}}).',
    en: 'The mail-out is scheduled for {{time}} (by {{email}}).',
  },
  'admin.mailout.state.released': {
    sv: 'Utskicket gick ut {{time}}.',
    en: 'The mail-out went out {{time}}.',
  },
  'admin.mailout.sendAt.label': { sv: 'Skicka den (datum och tid)', en: 'Send on (date and time)' },
  'admin.mailout.sendAt.hint': {
    sv: 'Svensk tid. Lämna tomt och tryck Skicka nu för att skicka direkt.',
    en: 'Swedish time. Leave it empty and press Send now to send at once.',
  },
  'admin.mailout.schedule': { sv: 'Planera utskicket', en: 'Schedule the mail-out' },
  'admin.mailout.sendNow': { sv: 'Skicka nu', en: 'Send now' },
  'admin.mailout.cancel': { sv: 'Ställ in utskicket', en: 'Call off the mail-out' },
  'admin.mailout.scheduled': {
    sv: 'Utskicket är planerat till {{time}}.',
    en: 'The mail-out is scheduled for {{time}}.',
  },
  'admin.mailout.started': {
    sv: 'Utskicket har gått ut. Förloppet visas nedan.',
    en: 'The mail-out has gone out. Progress is shown below.',
  },
  'admin.mailout.cancelled': { sv: 'Utskicket är inställt.', en: 'The mail-out has been called off.' },
  'admin.mailout.error': { sv: 'Det gick inte: {{message}}', en: 'That did not work: {{message}}' },
  'admin.mailout.progress.title': { sv: 'Förlopp', en: 'Progress' },
  'admin.mailout.progress.attendees': { sv: 'Deltagare med e-post', en: 'Attendees with e-mail' },
  'admin.mailout.progress.sent': { sv: 'Skickade', en: 'Sent' },
  'admin.mailout.progress.waiting': { sv: 'Väntar', en: 'Waiting' },
  'admin.mailout.progress.failed': { sv: 'Misslyckade', en: 'Failed' },
  'admin.mailout.retry': { sv: 'Försök igen med de misslyckade', en: 'Retry the failed ones' },
  'admin.mailout.retried': {
    sv: '{{count}} mejl skickas igen.',
    en: '{{count}} e-mails will be sent again.',
  },
  'admin.mailout.failures.title': { sv: 'Misslyckade mejl', en: 'Failed e-mails' },
  'admin.mailout.failures.item': {
    sv: 'Biljett {{ticketId}}: {{message}}',
    en: 'Ticket {{ticketId}}: {{message}}',
  },
  'admin.mailout.singleEmail': {
    sv: 'Enstaka mejl skickar du under Skicka e-post.',
    en: 'Single e-mails are sent under Send e-mail.',
  },
  'admin.audit.title': { sv: 'Logg', en: 'Audit log' },
  'admin.audit.intro': {
    sv: 'Allt personalen gör: vem, när, vad och på vad. Loggen kan inte ändras eller raderas.',
    en: 'Everything staff do: who, when, what and to what. The log cannot be changed or deleted.',
  },
  'admin.audit.action.label': { sv: 'Händelse', en: 'Action' },
  'admin.audit.action.all': { sv: 'Alla händelser', en: 'All actions' },
  'admin.audit.staff.label': { sv: 'Personal (namn eller e-post)', en: 'Staff (name or e-mail)' },
  'admin.audit.subject.label': { sv: 'Gäller (id, nyckel eller e-post)', en: 'Subject (id, key or e-mail)' },
  'admin.audit.from.label': { sv: 'Från och med', en: 'From' },
  'admin.audit.to.label': { sv: 'Till och med', en: 'Up to and including' },
  'admin.audit.search': { sv: 'Sök', en: 'Search' },
  'admin.audit.system': { sv: 'Systemet', en: 'The system' },
  'admin.audit.subject': { sv: 'Gäller: {{id}}', en: 'Subject: {{id}}' },
  'admin.audit.before': { sv: 'Före: {{message}}', en: 'Before: {{message}}' },
  'admin.audit.after': { sv: 'Efter: {{message}}', en: 'After: {{message}}' },
  'admin.audit.more': { sv: 'Visa fler', en: 'Show more' },
  'admin.audit.empty': { sv: 'Inga händelser matchar.', en: 'No actions match.' },
  'admin.audit.error': {
    sv: 'Loggen kunde inte hämtas: {{message}}',
    en: 'The log could not be loaded: {{message}}',
  },
  'admin.audit.actions.staff.signIn': { sv: 'Inloggning', en: 'Sign-in' },
  'admin.audit.actions.staff.setRole': { sv: 'Roll ändrad', en: 'Role changed' },
  'admin.audit.actions.staff.setCopyAdmin': { sv: 'Textbehörighet ändrad', en: 'Copy right changed' },
  'admin.audit.actions.checkIn.scan': { sv: 'Incheckning', en: 'Check-in' },
  'admin.audit.actions.tickets.addManualAttendee': {
    sv: 'Deltagare tillagd för hand',
    en: 'Attendee added by hand',
  },
  'admin.audit.actions.outbox.addEmail': { sv: 'Enstaka mejl', en: 'Single e-mail' },
  'admin.audit.actions.copy.update': { sv: 'Text ändrad', en: 'Copy changed' },
  'admin.audit.actions.export.download': { sv: 'Export', en: 'Export' },
  'admin.audit.actions.mailout.schedule': { sv: 'Biljettutskick planerat', en: 'Ticket mail-out scheduled' },
  'admin.audit.actions.mailout.cancel': { sv: 'Biljettutskick inställt', en: 'Ticket mail-out called off' },
  'admin.audit.actions.mailout.retry': { sv: 'Biljettutskick: nytt försök', en: 'Ticket mail-out retried' },
  'admin.audit.actions.retention.erase': { sv: 'Personuppgifter raderade', en: 'Personal data erased' },
  'admin.audit.actions.mandates.writeMandateFile': { sv: 'Medgivandefil skapad', en: 'Mandate file written' },
  'admin.audit.actions.mandates.readAnswerFile': {
    sv: 'Svarsfil från Bankgirot inläst',
    en: 'Bankgirot answer file read',
  },
  'admin.audit.actions.mandates.writePaymentFile': { sv: 'Betalningsfil skapad', en: 'Payment file written' },
  'admin.audit.actions.mandates.downloadFile': { sv: 'Autogirofil hämtad', en: 'Autogiro file downloaded' },
  'admin.audit.actions.mandates.standInAnswer': {
    sv: 'Svar från Bankgirots ersättare (demo)',
    en: "Bankgirot stand-in's answer (demo)",
  },
  'admin.audit.actions.mandates.view': { sv: 'Medgivande öppnat', en: 'Mandate opened' },
  'admin.erasure.title': { sv: 'Radering av personuppgifter', en: 'Erasure of personal data' },
  'admin.erasure.due': {
    sv: 'Försäljningens personuppgifter raderas av sig själva {{time}}, {{count}} dagar efter konserten (eller efter att försäljningen stängt, om det är senare).',
    en: 'The personal data of the sale is erased by itself on {{time}}, {{count}} days after the concert (or after the sale has closed, if that is later).',
  },
  'admin.erasure.pending.title': { sv: 'Det här raderas', en: 'What will be erased' },
  'admin.erasure.pending.tickets': {
    sv: 'Namn och e-post på biljetter: {{count}}',
    en: 'Names and e-mails on tickets: {{count}}',
  },
  'admin.erasure.pending.queueEntries': { sv: 'Köplatser: {{count}}', en: 'Queue places: {{count}}' },
  'admin.erasure.pending.bankIdTransactions': {
    sv: 'BankID-ordrar: {{count}}',
    en: 'BankID orders: {{count}}',
  },
  'admin.erasure.pending.sessionIdentities': {
    sv: 'Legitimerade sessioner: {{count}}',
    en: 'Identified sessions: {{count}}',
  },
  'admin.erasure.pending.emails': {
    sv: 'E-postadresser i utkorgen: {{count}}',
    en: 'E-mail addresses in the outbox: {{count}}',
  },
  'admin.erasure.pending.clientLogs': {
    sv: 'Felrapporter från webbläsare: {{count}}',
    en: 'Error reports from browsers: {{count}}',
  },
  'admin.erasure.kept': {
    sv: 'Statistiken, medlemmarna och deras autogiromedgivanden och loggens händelser finns kvar.',
    en: 'The statistics, the members and their direct debit mandates, and the log’s facts are kept.',
  },
  'admin.erasure.early.notYet': {
    sv: 'Du kan radera i förtid först när försäljningen har stängt ({{time}}).',
    en: 'You can erase early only once the sale has closed ({{time}}).',
  },
  'admin.erasure.early.confirm': {
    sv: 'Jag förstår att raderingen inte går att ångra',
    en: 'I understand that the erasure cannot be undone',
  },
  'admin.erasure.early.button': { sv: 'Radera nu', en: 'Erase now' },
  'admin.erasure.early.done': {
    sv: 'Personuppgifterna är raderade.',
    en: 'The personal data has been erased.',
  },
  'admin.erasure.error': { sv: 'Det gick inte: {{message}}', en: 'That did not work: {{message}}' },
  'admin.erasure.done.title': { sv: 'Gjorda raderingar', en: 'Erasures done' },
  'admin.erasure.done.scheduled': { sv: '{{time}}: schemalagd', en: '{{time}}: scheduled' },
  'admin.erasure.done.early': { sv: '{{time}}: i förtid av {{email}}', en: '{{time}}: early, by {{email}}' },
  'admin.audit.actions.checkIn.undo': { sv: 'Incheckning ångrad', en: 'Check-in undone' },
  'admin.audit.actions.checkIn.offline': { sv: 'Incheckning utan uppkoppling', en: 'Check-in while offline' },
  'admin.audit.actions.checkIn.conflict': { sv: 'Dubbel incheckning', en: 'Check-in conflict' },
  'admin.audit.actions.checkIn.registerDevice': {
    sv: 'Insläppsenhet registrerad',
    en: 'Door device registered',
  },
  'admin.audit.actions.queue.offerSent': { sv: 'Köerbjudande skickat', en: 'Queue offer sent' },
  'admin.audit.actions.queue.paused': { sv: 'Kön pausad', en: 'Queue paused' },
  'admin.audit.actions.queue.resumed': { sv: 'Kön igång igen', en: 'Queue resumed' },
  'admin.audit.actions.queue.offerHoursSet': { sv: 'Erbjudandetid ändrad', en: 'Offer time changed' },
  'admin.exports.columns.queueState': { sv: 'Läge', en: 'State' },
  'admin.exports.queueStates.waiting': { sv: 'Väntar', en: 'Waiting' },
  'admin.exports.queueStates.offered': { sv: 'Har fått erbjudande', en: 'Offered a ticket' },
  'admin.exports.queueStates.accepted': { sv: 'Tackade ja', en: 'Accepted' },
  'admin.exports.queueStates.declined': { sv: 'Tackade nej', en: 'Declined' },
  'admin.exports.queueStates.expired': { sv: 'Erbjudandet gick ut', en: 'Offer expired' },
  'admin.exports.queueStates.left': { sv: 'Lämnade kön', en: 'Left the queue' },
  // Issue 30 (office)
  'admin.audit.actions.mailout.test': {
    sv: 'Biljettutskick: testmejl till sig själv',
    en: 'Ticket mail-out: test to oneself',
  },
  'admin.mailout.confirm.title': { sv: 'Skicka biljettmejlet?', en: 'Send the ticket e-mail?' },
  'admin.mailout.confirm.recipientsNow': {
    sv: 'Biljettmejlet går nu till {{count}} deltagare.',
    en: 'The ticket e-mail goes to {{count}} attendees now.',
  },
  'admin.mailout.confirm.recipientsAt': {
    sv: 'Biljettmejlet går {{time}} till de bekräftade deltagarna, i dag {{count}} stycken.',
    en: 'The ticket e-mail goes at {{time}} to the confirmed attendees, {{count}} of them today.',
  },
  'admin.mailout.confirm.subject': { sv: 'Ämne: {{subject}}', en: 'Subject: {{subject}}' },
  'admin.mailout.confirm.preview': {
    sv: 'Så här ser mejlet ut för mottagaren (med en testkod som inte öppnar dörren)',
    en: 'The e-mail as a recipient sees it (with a test code that opens no door)',
  },
  'admin.mailout.confirm.loading': { sv: 'Hämtar förhandsvisningen …', en: 'Loading the preview …' },
  'admin.mailout.confirm.test': {
    sv: 'Skicka ett test till mig ({{email}})',
    en: 'Send a test to me ({{email}})',
  },
  'admin.mailout.confirm.testSent': {
    sv: 'Testmejlet är på väg till {{email}}.',
    en: 'The test e-mail is on its way to {{email}}.',
  },
  'admin.mailout.confirm.sendNow': {
    sv: 'Skicka till {{count}} deltagare',
    en: 'Send to {{count}} attendees',
  },
  'admin.mailout.confirm.sendAt': {
    sv: 'Planera utskicket till {{time}}',
    en: 'Schedule the mail-out for {{time}}',
  },
  'admin.mailout.confirm.back': { sv: 'Avbryt – skicka inget', en: 'Cancel – send nothing' },
  'admin.mailout.confirm.none': {
    sv: 'Det finns ingen att skicka till just nu.',
    en: 'There is nobody to send to right now.',
  },
  'admin.mailout.failures.reason': {
    sv: '{{email}} (biljett {{ticketId}}): {{reason}}',
    en: '{{email}} (ticket {{ticketId}}): {{reason}}',
  },
  'admin.mailout.reasons.rejected': {
    sv: 'mottagarens e-postserver avvisade adressen ({{code}})',
    en: "the recipient's mail server refused the address ({{code}})",
  },
  'admin.mailout.reasons.unreachable': {
    sv: 'e-postservern gick inte att nå ({{code}})',
    en: 'the mail server could not be reached ({{code}})',
  },
  'admin.mailout.reasons.template': {
    sv: 'mejltexten saknas i texterna',
    en: "the e-mail's text is missing from the copy",
  },
  'admin.mailout.reasons.other': { sv: 'okänt fel ({{code}})', en: 'unknown error ({{code}})' },
  'admin.mailout.reasons.erased': { sv: '(adressen är raderad)', en: '(address erased)' },
  'admin.door.verdict.ok': { sv: 'OK', en: 'OK' },
  'admin.door.verdict.undone': { sv: 'Ångrad', en: 'Undone' },
  'admin.door.verdict.next': { sv: 'Klar – nästa', en: 'Done – next' },
  'admin.door.search.countOne': { sv: '{{count}} träff', en: '{{count}} match' },
  'admin.door.theme.dark': { sv: 'Mörkt läge', en: 'Dark mode' },
  'admin.dashboard.chart.time': { sv: 'Tid (svensk tid)', en: 'Time (Swedish time)' },
  // Issue 30 (office, second part): amount presets, audit sentences, status words, attendee table
  'newDonationAmount.presets.label': { sv: 'Vanliga höjningar', en: 'Common raises' },
  'newDonationAmount.typed.label': {
    sv: 'Eller skriv din egen höjning (hela belopp)',
    en: 'Or type your own raise (whole amount)',
  },
  'newDonationAmount.typed.rounded': {
    sv: 'Höjningen går i steg om {{donationStep}} från {{minRaise}}, så den blev {{amount}}.',
    en: 'The raise goes in steps of {{donationStep}} from {{minRaise}}, so it is now {{amount}}.',
  },
  'newDonationAmount.typed.invalid': {
    sv: 'Skriv höjningen med bara siffror, utan öre.',
    en: 'Type the raise in digits only, as a whole amount.',
  },
  'admin.exports.columns.ticketState': { sv: 'Status', en: 'Status' },
  'admin.exports.ticketStates.reserved': { sv: 'Reserverad', en: 'Reserved' },
  'admin.exports.ticketStates.confirmed': { sv: 'Bekräftad', en: 'Confirmed' },
  'admin.exports.ticketStates.checkedIn': { sv: 'Incheckad', en: 'Checked in' },
  'admin.attendees.columns.name': { sv: 'Namn', en: 'Name' },
  'admin.attendees.columns.email': { sv: 'E-post', en: 'E-mail' },
  'admin.attendees.columns.ticketCode': { sv: 'Biljettkod', en: 'Ticket code' },
  'admin.attendees.columns.origin': { sv: 'Typ', en: 'Kind' },
  'admin.attendees.columns.state': { sv: 'Status', en: 'Status' },
  'admin.attendees.columns.confirmedAt': { sv: 'Bekräftad', en: 'Confirmed' },
  'admin.attendees.columns.checkedInAt': { sv: 'Incheckad', en: 'Checked in' },
  'admin.attendees.columns.history': { sv: 'Historik', en: 'History' },
  'admin.attendees.table.caption': { sv: 'Deltagare, sida {{position}}', en: 'Attendees, page {{position}}' },
  'admin.attendees.table.rows': {
    sv: 'Rad {{position}}–{{count}} visas.',
    en: 'Rows {{position}}–{{count}} shown.',
  },
  'admin.attendees.table.pages': { sv: 'Sidor i deltagarlistan', en: 'Pages of the attendee list' },
  'admin.attendees.table.previous': { sv: 'Föregående sida', en: 'Previous page' },
  'admin.attendees.table.next': { sv: 'Nästa sida', en: 'Next page' },
  'admin.attendees.table.page': { sv: 'Sida {{position}}', en: 'Page {{position}}' },
  'admin.audit.sentences.staff.signIn': {
    sv: '{{staff}} loggade in {{time}}',
    en: '{{staff}} signed in at {{time}}',
  },
  'admin.audit.sentences.staff.signOut': {
    sv: '{{staff}} loggade ut {{time}}',
    en: '{{staff}} signed out at {{time}}',
  },
  'admin.audit.sentences.staff.setRole': {
    sv: '{{staff}} gav {{name}} rollen {{role}} {{time}}',
    en: '{{staff}} gave {{name}} the role {{role}} at {{time}}',
  },
  'admin.audit.sentences.staff.setCopyAdmin': {
    sv: '{{staff}} ändrade textbehörigheten för {{name}} {{time}}',
    en: '{{staff}} changed the copy right of {{name}} at {{time}}',
  },
  'admin.audit.sentences.checkIn.scan': {
    sv: '{{staff}} checkade in {{name}} {{time}}',
    en: '{{staff}} checked in {{name}} at {{time}}',
  },
  'admin.audit.sentences.checkIn.undo': {
    sv: '{{staff}} ångrade incheckningen av {{name}} {{time}}',
    en: '{{staff}} undid the check-in of {{name}} at {{time}}',
  },
  'admin.audit.sentences.checkIn.offline': {
    sv: '{{staff}} checkade in {{name}} utan uppkoppling {{time}}',
    en: '{{staff}} checked in {{name}} while offline at {{time}}',
  },
  'admin.audit.sentences.checkIn.conflict': {
    sv: '{{staff}} checkade in {{name}} en gång till {{time}} – redan incheckad',
    en: '{{staff}} checked in {{name}} once more at {{time}} – already checked in',
  },
  'admin.audit.sentences.checkIn.registerDevice': {
    sv: '{{staff}} registrerade insläppsenheten {{name}} {{time}}',
    en: '{{staff}} registered the door device {{name}} at {{time}}',
  },
  'admin.audit.sentences.tickets.addManualAttendee': {
    sv: '{{staff}} lade till {{name}} som deltagare {{time}}',
    en: '{{staff}} added {{name}} as an attendee at {{time}}',
  },
  'admin.audit.sentences.outbox.addEmail': {
    sv: '{{staff}} lade ett enstaka mejl i kön {{time}}',
    en: '{{staff}} queued a single e-mail at {{time}}',
  },
  'admin.audit.sentences.copy.update': {
    sv: '{{staff}} ändrade texten {{name}} {{time}}',
    en: '{{staff}} changed the text {{name}} at {{time}}',
  },
  'admin.audit.sentences.mandates.writeMandateFile': {
    sv: '{{staff}} skapade en medgivandefil ({{count}} medgivanden) {{time}}',
    en: '{{staff}} wrote a mandate file ({{count}} mandates) at {{time}}',
  },
  'admin.audit.sentences.mandates.readAnswerFile': {
    sv: '{{staff}} läste in en svarsfil från Bankgirot {{time}}',
    en: '{{staff}} read an answer file from Bankgirot at {{time}}',
  },
  'admin.audit.sentences.mandates.writePaymentFile': {
    sv: '{{staff}} skapade en betalningsfil ({{count}} medgivanden) {{time}}',
    en: '{{staff}} wrote a payment file ({{count}} mandates) at {{time}}',
  },
  'admin.audit.sentences.mandates.downloadFile': {
    sv: '{{staff}} hämtade autogirofilen {{fileName}} {{time}}',
    en: '{{staff}} downloaded the Autogiro file {{fileName}} at {{time}}',
  },
  'admin.audit.sentences.mandates.standInAnswer': {
    sv: '{{staff}} lät Bankgirots ersättare svara på {{fileName}} {{time}}',
    en: "{{staff}} had Bankgirot's stand-in answer {{fileName}} at {{time}}",
  },
  'admin.audit.sentences.mandates.view': {
    sv: '{{staff}} öppnade medgivandet för {{name}} {{time}}',
    en: '{{staff}} opened the mandate of {{name}} at {{time}}',
  },
  'admin.audit.sentences.mandates.revoke': {
    sv: '{{staff}} avslutade medgivandet för {{name}} {{time}}',
    en: '{{staff}} ended the mandate of {{name}} at {{time}}',
  },
  'admin.audit.sentences.mandates.takeBackFile': {
    sv: '{{staff}} tog tillbaka en autogirofil {{time}}',
    en: '{{staff}} took back an Autogiro file at {{time}}',
  },
  'admin.audit.sentences.mandates.sendAgain': {
    sv: '{{staff}} skickade den avvisade betalningen för {{name}} igen {{time}}',
    en: '{{staff}} sent the rejected payment of {{name}} again at {{time}}',
  },
  'admin.audit.sentences.mandates.resolveDiscrepancy': {
    sv: '{{staff}} markerade ett svar från Bankgirot som hanterat {{time}}',
    en: '{{staff}} marked an answer from Bankgirot as handled at {{time}}',
  },
  'admin.audit.sentences.queue.offerSent': {
    sv: '{{staff}} skickade ett köerbjudande till {{name}} {{time}}',
    en: '{{staff}} sent a queue offer to {{name}} at {{time}}',
  },
  'admin.audit.sentences.queue.paused': {
    sv: '{{staff}} pausade kön {{time}}',
    en: '{{staff}} paused the queue at {{time}}',
  },
  'admin.audit.sentences.queue.resumed': {
    sv: '{{staff}} satte igång kön igen {{time}}',
    en: '{{staff}} resumed the queue at {{time}}',
  },
  'admin.audit.sentences.queue.offerHoursSet': {
    sv: '{{staff}} ändrade erbjudandetiden till {{hours}} timmar {{time}}',
    en: '{{staff}} set the offer time to {{hours}} hours at {{time}}',
  },
  'admin.audit.sentences.export.download': {
    sv: '{{staff}} laddade ner {{kind}} som {{format}} ({{count}} rader) {{time}}',
    en: '{{staff}} downloaded {{kind}} as {{format}} ({{count}} rows) at {{time}}',
  },
  'admin.audit.sentences.mailout.schedule': {
    sv: '{{staff}} planerade biljettutskicket till {{date}} {{time}}',
    en: '{{staff}} scheduled the ticket mail-out for {{date}} at {{time}}',
  },
  'admin.audit.sentences.mailout.cancel': {
    sv: '{{staff}} ställde in biljettutskicket {{time}}',
    en: '{{staff}} called off the ticket mail-out at {{time}}',
  },
  'admin.audit.sentences.mailout.retry': {
    sv: '{{staff}} skickade {{count}} misslyckade biljettmejl igen {{time}}',
    en: '{{staff}} retried {{count}} failed ticket e-mails at {{time}}',
  },
  'admin.audit.sentences.mailout.test': {
    sv: '{{staff}} skickade ett testmejl av biljettutskicket till sig själv {{time}}',
    en: '{{staff}} sent a test of the ticket mail-out to themselves at {{time}}',
  },
  'admin.audit.sentences.retention.erase': {
    sv: '{{staff}} raderade försäljningens personuppgifter {{time}}',
    en: "{{staff}} erased the sale's personal data at {{time}}",
  },
  'admin.exports.queueStates.unconfirmed': { sv: 'Ej bekräftad', en: 'Unconfirmed' },
  'admin.audit.sentences.other': {
    sv: '{{staff}}: {{message}} {{time}}',
    en: '{{staff}}: {{message}} at {{time}}',
  },
  'admin.audit.erasedName': { sv: '(namnet är raderat)', en: '(name erased)' },
  'admin.audit.sendNow': { sv: 'direkt', en: 'at once' },
  'admin.audit.record': { sv: 'Visa posten', en: 'Show the record' },
  'admin.audit.recordFields.id': { sv: 'Post', en: 'Record' },
  'admin.audit.recordFields.at': { sv: 'Tid', en: 'Time' },
  'admin.audit.recordFields.action': { sv: 'Händelse', en: 'Action' },
  'admin.audit.recordFields.staff': { sv: 'Personal', en: 'Staff' },
  'admin.audit.recordFields.subject': { sv: 'Gäller', en: 'Subject' },
  'admin.audit.recordFields.before': { sv: 'Före', en: 'Before' },
  'admin.audit.recordFields.after': { sv: 'Efter', en: 'After' },
  // Issue 28 point 4 (autogiro2)
  'admin.autogiro.discrepancies.reasons.amendmentAnswer': {
    sv: 'ett svar om makulering eller ändring av betalningar som behöver er',
    en: 'an answer about cancelled or changed payments that needs you',
  },
  'admin.autogiro.discrepancies.reasons.digitalMandate': {
    sv: 'ett medgivande som givaren har lämnat i internetbanken',
    en: 'a mandate the donor gave in the internet bank',
  },
  'admin.autogiro.amendments.record': {
    sv: 'Transaktionskod {{kind}}, kommentarskod {{code}}: {{message}}',
    en: 'Transaction code {{kind}}, comment code {{code}}: {{message}}',
  },
  'admin.autogiro.amendments.meanings.paymentsCancelled': {
    sv: 'Vår makulering är genomförd: den gamla stående betalningen är borttagen.',
    en: 'Our cancellation is done: the old standing payment is gone.',
  },
  'admin.autogiro.amendments.meanings.cancellationFailed': {
    sv: 'Vår makulering gick inte igenom. Om det var en höjning dras det gamla beloppet som förut och det nya är inte skickat. Kontrollera den stående betalningen i Bankgirots tjänst; markera sedan som åtgärdat, så skickas höjningen på nytt i nästa betalningsfil (eller avsluta medgivandet).',
    en: 'Our cancellation did not go through. If it was a raise, the old amount is drawn as before and the new one has not been sent. Check the standing payment in Bankgirot’s service; then mark this done and the raise is sent again in the next payment file (or end the mandate).',
  },
  'admin.autogiro.states.raiseCancelSent': {
    sv: 'Höjning: gamla beloppet makuleras, väntar på Bankgirots svar',
    en: 'Raise: old amount being cancelled, waiting for Bankgirot’s answer',
  },
  'admin.autogiro.states.raiseReady': {
    sv: 'Höjning: gamla beloppet makulerat, nya går i nästa betalningsfil',
    en: 'Raise: old amount cancelled, the new one goes in the next payment file',
  },
  'admin.autogiro.states.raiseHeld': {
    sv: 'Höjning stoppad: makuleringen gick inte igenom',
    en: 'Raise held: the cancellation did not go through',
  },
  'admin.autogiro.states.paymentRejected': {
    sv: 'Stående betalning avvisad: inget dras',
    en: 'Standing payment rejected: nothing is drawn',
  },
  'admin.autogiro.discrepancies.reasons.paymentRejected': {
    sv: 'Bankgirot avvisade den stående betalningen',
    en: 'Bankgirot rejected the standing payment',
  },
  'admin.autogiro.discrepancies.reasons.monthNotDrawn': {
    sv: 'en månad dras inte: höjningens nya belopp kom för sent till Bankgirot',
    en: 'a month is not drawn: the raise’s new amount reached Bankgirot too late',
  },
  'admin.autogiro.problems.paymentRejectedCode': {
    sv: 'Bankgirots kommentarskod {{code}}.',
    en: 'Bankgirot’s comment code {{code}}.',
  },
  'admin.autogiro.problems.paymentRejectedResend': {
    sv: 'Felet gällde datumet: medgivandet är godkänt igen och betalningen skickas med nytt datum i nästa betalningsfil.',
    en: 'The error was the date: the mandate is approved again and the payment is sent with a new date in the next payment file.',
  },
  'admin.autogiro.problems.paymentRejectedTodo': {
    sv: 'Inget dras. Kontakta givaren (konto avslutat eller inte godkänt?); ett nytt konto kräver ett nytt medgivande. Avsluta medgivandet om givaren inte vill fortsätta.',
    en: 'Nothing is drawn. Contact the donor (account closed or not approved?); a new account needs a new mandate. End the mandate if the donor does not want to go on.',
  },
  'admin.autogiro.problems.monthNotDrawnTodo': {
    sv: 'Det gamla beloppet är makulerat från den månaden men det nya nådde inte fram i tid. Kom överens med givaren om månaden ska dras i efterhand.',
    en: 'The old amount is cancelled from that month but the new one did not reach it in time. Agree with the donor whether that month is drawn afterwards.',
  },
  'admin.autogiro.files.standInAmendments': {
    sv: 'Demo: hämta Bankgirots svar om makuleringarna',
    en: 'Demo: get Bankgirot’s answer about the cancellations',
  },
  'admin.autogiro.files.standInAmendmentsLabel': {
    sv: 'Demo: hämta Bankgirots svar om makuleringarna i {{fileName}}',
    en: 'Demo: get Bankgirot’s answer about the cancellations in {{fileName}}',
  },
  'admin.autogiro.files.held': {
    sv: '{{count}} väntar till en senare körning (en ändring av samma betalning i dag, eller en dragning för nära).',
    en: '{{count}} wait for a later run (a change of the same payment today, or a draw too close).',
  },
  'admin.autogiro.amendments.meanings.cancelledMandateGone': {
    sv: 'Betalningarna är makulerade eftersom medgivandet är borttaget. Medgivandeaviseringen säger varför.',
    en: 'The payments are cancelled because the mandate was removed. The mandate advice says why.',
  },
  'admin.autogiro.amendments.meanings.cancelledByPayer': {
    sv: 'Givaren eller givarens bank har makulerat en betalning. Fråga givaren om medgivandet ska fortsätta; ingenting skickas om av sig självt.',
    en: 'The donor or their bank cancelled a payment. Ask the donor whether the mandate should go on; nothing is sent again by itself.',
  },
  'admin.autogiro.amendments.meanings.agreementEnded': {
    sv: 'Alla betalningar är makulerade: organisationens autogiroavtal är avslutat. Kontakta banken.',
    en: 'Every payment is cancelled: the organisation’s Autogiro agreement has ended. Contact the bank.',
  },
  'admin.autogiro.amendments.meanings.dateChanged': {
    sv: 'En betalningsdag är ändrad, men vi har inte bett om det. Kontrollera hos Bankgirot.',
    en: 'A payment date was changed, but we did not ask for it. Check with Bankgirot.',
  },
  'admin.autogiro.amendments.meanings.dateChangeFailed': {
    sv: 'En ändring av betalningsdag gick inte igenom (vi ber aldrig om sådana).',
    en: 'A change of payment date did not go through (we never ask for one).',
  },
  'admin.autogiro.amendments.meanings.unknown': {
    sv: 'En kod vi inte känner till. Läs raden i filen.',
    en: 'A code we do not know. Read the line in the file.',
  },
  'admin.autogiro.amendmentCodes.c01': {
    sv: 'felaktig betalningsdag',
    en: 'wrong payment date',
  },
  'admin.autogiro.amendmentCodes.c02': {
    sv: 'felaktigt betalarnummer',
    en: 'wrong payer number',
  },
  'admin.autogiro.amendmentCodes.c04': {
    sv: 'felaktig betalningskod',
    en: 'wrong payment type',
  },
  'admin.autogiro.amendmentCodes.c05': {
    sv: 'felaktigt belopp',
    en: 'wrong amount',
  },
  'admin.autogiro.amendmentCodes.c06': {
    sv: 'felaktig ny betalningsdag',
    en: 'wrong new payment date',
  },
  'admin.autogiro.amendmentCodes.c10': {
    sv: 'felaktigt mottagarbankgironummer',
    en: 'wrong payee bankgiro number',
  },
  'admin.autogiro.amendmentCodes.c11': {
    sv: 'mottagarbankgironummer saknas',
    en: 'payee bankgiro number missing',
  },
  'admin.autogiro.amendmentCodes.c12': {
    sv: 'makulerad',
    en: 'cancelled',
  },
  'admin.autogiro.amendmentCodes.c13': {
    sv: 'betalningen saknas, inte åtgärdad',
    en: 'payment missing, nothing done',
  },
  'admin.autogiro.amendmentCodes.c14': {
    sv: 'ändrad betalningsdag',
    en: 'payment date changed',
  },
  'admin.autogiro.amendmentCodes.c15': {
    sv: 'inte ändrad, stående uppdrag',
    en: 'not changed, a standing instruction',
  },
  'admin.autogiro.amendmentCodes.c18': {
    sv: 'ändrad betalningsdag',
    en: 'payment date changed',
  },
  'admin.autogiro.amendmentCodes.unknown': {
    sv: 'okänd kod',
    en: 'unknown code',
  },
  'admin.autogiro.digital.meanings.new': {
    sv: 'Nytt medgivande från internetbanken.',
    en: 'A new mandate from the internet bank.',
  },
  'admin.autogiro.digital.meanings.reminder1': {
    sv: 'Påminnelse: Bankgirot väntar fortfarande på ert svar.',
    en: 'Reminder: Bankgirot is still waiting for your answer.',
  },
  'admin.autogiro.digital.meanings.reminder2': {
    sv: 'Andra påminnelsen: Bankgirot väntar fortfarande på ert svar.',
    en: 'Second reminder: Bankgirot is still waiting for your answer.',
  },
  'admin.autogiro.digital.matched.payerNumber': {
    sv: 'Betalarnumret är givaren {{name}} ({{state}}).',
    en: 'The payer number is the donor {{name}} ({{state}}).',
  },
  'admin.autogiro.digital.matched.personalNumber': {
    sv: 'Betalarnumret är inte vårt, men personnumret är givaren {{name}} ({{state}}): fel betalarnummer i internetbanken?',
    en: 'The payer number is not ours, but the personal number is the donor {{name}} ({{state}}): a wrong payer number in the internet bank?',
  },
  'admin.autogiro.digital.matched.none': {
    sv: 'Ingen givare hos oss har det betalarnumret eller personnumret.',
    en: 'No donor of ours has this payer number or personal number.',
  },
  'admin.autogiro.digital.given': {
    sv: 'Angivet i banken: {{name}}',
    en: 'Given in the bank: {{name}}',
  },
  'admin.autogiro.digital.info': {
    sv: 'Givarens text: {{message}}',
    en: 'The donor’s text: {{message}}',
  },
  'admin.autogiro.digital.account': {
    sv: 'Clearingnummer {{code}}',
    en: 'Clearing number {{code}}',
  },
  'admin.autogiro.digital.organisation': {
    sv: 'Ett företags medgivande (organisationsnummer).',
    en: 'A company’s mandate (organisation number).',
  },
  'admin.autogiro.digital.todo': {
    sv: 'Bankgirot väntar på att ni godkänner eller avvisar medgivandet. Det saknar belopp: kontakta givaren, och svara Bankgirot i deras tjänst (den här sidan skriver inte det svaret ännu).',
    en: 'Bankgirot waits for you to approve or reject the mandate. It has no amount: contact the donor, and answer Bankgirot in their service (this page does not write that answer yet).',
  },
  'admin.autogiro.upload.amendmentsApplied': {
    sv: '{{fileName}} är inläst: {{count}} noterade på sina medgivanden, {{discrepancies}} att titta på.',
    en: '{{fileName}} is read: {{count}} noted on their mandates, {{discrepancies}} to look at.',
  },
  'admin.autogiro.upload.digitalApplied': {
    sv: '{{fileName}} är inläst: {{count}} medgivanden från internetbanken att titta på.',
    en: '{{fileName}} is read: {{count}} mandates from the internet bank to look at.',
  },
  'admin.autogiro.list.lastDraw': {
    sv: 'Senaste dragning: {{date}}, {{amount}}, {{state}}',
    en: 'Last payment: {{date}}, {{amount}}, {{state}}',
  },
  'admin.autogiro.list.noDraw': {
    sv: 'Ingen dragning rapporterad ännu',
    en: 'No payment reported yet',
  },
  'admin.autogiro.list.nextDraw': {
    sv: 'Nästa dragning: {{date}}',
    en: 'Next draw: {{date}}',
  },
  'admin.autogiro.list.problems': {
    sv: 'Att titta på: {{count}}',
    en: 'To look at: {{count}}',
  },
  'admin.autogiro.detail.lastDraw': {
    sv: 'Senaste dragning',
    en: 'Last payment',
  },
  'admin.autogiro.files.standInResults': {
    sv: 'Demo: hämta Bankgirots betalningsresultat',
    en: 'Demo: get Bankgirot’s payment results',
  },
  'admin.autogiro.files.standInResultsLabel': {
    sv: 'Demo: hämta Bankgirots betalningsresultat för {{fileName}}',
    en: 'Demo: get Bankgirot’s payment results for {{fileName}}',
  },
  'admin.autogiro.files.standInRejections': {
    sv: 'Demo: hämta avvisade betalningar',
    en: 'Demo: get rejected payments',
  },
  'admin.autogiro.files.standInRejectionsLabel': {
    sv: 'Demo: hämta avvisade betalningar för {{fileName}}',
    en: 'Demo: get rejected payments for {{fileName}}',
  },
  // Issue 30 point 9 (security)
  'admin.audit.actions.staff.signOut': { sv: 'Utloggning', en: 'Sign-out' },
  'admin.audit.actions.staff.invite': {
    sv: 'Inbjudan',
    en: 'Invitation',
  },
  'admin.audit.actions.staff.withdrawInvitation': {
    sv: 'Inbjudan tillbakadragen',
    en: 'Invitation withdrawn',
  },
  'admin.audit.sentences.staff.invite': {
    sv: '{{staff}} bjöd in {{name}} med rollen {{role}} {{time}}',
    en: '{{staff}} invited {{name}} with the role {{role}} at {{time}}',
  },
  'admin.audit.sentences.staff.withdrawInvitation': {
    sv: '{{staff}} drog tillbaka inbjudan till {{name}} {{time}}',
    en: '{{staff}} withdrew the invitation of {{name}} at {{time}}',
  },
  'admin.exports.columns.ticketCodeMarked': {
    sv: 'Biljettkod (KÄNSLIG: öppnar dörren)',
    en: 'Ticket code (SENSITIVE: opens the door)',
  },
  'admin.exports.withCodes': {
    sv: 'Ta med biljettkoderna (de öppnar dörren: dela filen bara med den som delar ut biljetter)',
    en: 'Include the ticket codes (they open the door: share the file only with whoever hands out tickets)',
  },
  // Issue 30 point 7 (copy editor: groups, drafts, preview)
  'admin.audit.actions.copy.draftSave': { sv: 'Utkast till text sparat', en: 'Copy draft saved' },
  'admin.audit.actions.copy.draftDiscard': { sv: 'Utkast till text kastat', en: 'Copy draft discarded' },
  'admin.audit.sentences.copy.draftSave': {
    sv: '{{staff}} sparade ett utkast till texten {{name}} {{time}}',
    en: '{{staff}} saved a draft of the text {{name}} at {{time}}',
  },
  'admin.audit.sentences.copy.draftDiscard': {
    sv: '{{staff}} kastade utkastet till texten {{name}} {{time}}',
    en: '{{staff}} discarded the draft of the text {{name}} at {{time}}',
  },
  'admin.audit.actions.concert.save': { sv: 'Konserten ändrad', en: 'Concert changed' },
  'admin.audit.actions.concert.copy': { sv: 'Ny konsert kopierad', en: 'New concert copied' },
  'admin.audit.actions.concert.publish': { sv: 'Konsert publicerad', en: 'Concert published' },
  'admin.audit.sentences.concert.save': {
    sv: '{{staff}} ändrade konsertens uppgifter {{time}}',
    en: "{{staff}} changed the concert's facts at {{time}}",
  },
  'admin.audit.sentences.concert.copy': {
    sv: '{{staff}} gjorde ett utkast till en ny konsert {{time}}',
    en: '{{staff}} drafted a new concert at {{time}}',
  },
  'admin.audit.sentences.concert.publish': {
    sv: '{{staff}} publicerade en konsert {{time}}',
    en: '{{staff}} published a concert at {{time}}',
  },
  'copyEditor.matches': { sv: '{{count}} träffar', en: '{{count}} matches' },
  'copyEditor.matchesOne': { sv: '{{count}} träff', en: '{{count}} match' },
  'copyEditor.saveDraft': { sv: 'Spara utkast', en: 'Save draft' },
  'copyEditor.savingDraft': { sv: 'Sparar utkast…', en: 'Saving draft…' },
  'copyEditor.draftSaved': {
    sv: 'Utkastet har sparats. Det syns inte för besökarna förrän det publiceras.',
    en: 'The draft has been saved. Visitors do not see it until it is published.',
  },
  'copyEditor.draftSaveError': { sv: 'Utkastet kunde inte sparas.', en: 'The draft could not be saved.' },
  'copyEditor.draft': { sv: 'Utkast', en: 'Draft' },
  'copyEditor.draftBy': {
    sv: 'Utkast sparat {{changedAt}} av {{changedBy}}, ej publicerat',
    en: 'Draft saved {{changedAt}} by {{changedBy}}, not published',
  },
  'copyEditor.draftOutdated': {
    sv: 'Texten har publicerats på nytt efter att utkastet sparades. Jämför med den publicerade texten och spara utkastet igen innan du publicerar det.',
    en: 'The text has been published again since the draft was saved. Compare it with the published text and save the draft again before you publish it.',
  },
  'copyEditor.published': { sv: 'Publicerad text', en: 'Published text' },
  'copyEditor.publishDraft': { sv: 'Publicera utkastet', en: 'Publish the draft' },
  'copyEditor.discardDraft': { sv: 'Kasta utkastet', en: 'Discard the draft' },
  'copyEditor.draftDiscarded': { sv: 'Utkastet har kastats', en: 'The draft has been discarded' },
  'copyEditor.draftsOnly': { sv: 'Visa bara texter med utkast', en: 'Show only texts with a draft' },
  'copyEditor.previewOnPage': { sv: 'Förhandsgranska på sidan', en: 'Preview on the page' },
  'copyEditor.previewNeedsDraft': {
    sv: 'Spara utkastet för att förhandsgranska ändringen på sidan.',
    en: 'Save the draft to preview the change on the page.',
  },
  'copyEditor.previewOnPageHint': {
    sv: 'öppnas i en ny flik; sidan visar alla sparade utkast',
    en: 'opens in a new tab; the page shows every saved draft',
  },
  'copyEditor.groups.frame': {
    sv: 'Sidans ram: sidhuvud, sidfot och nedräkning',
    en: 'Page frame: header, footer and countdown',
  },
  'copyEditor.groups.start': { sv: 'Startsidan', en: 'Start page' },
  'copyEditor.groups.instructions': { sv: 'Instruktioner', en: 'Instructions' },
  'copyEditor.groups.memberCheck': {
    sv: 'Personnummer och e-post (första steget)',
    en: 'Personal number and e-mail (first step)',
  },
  'copyEditor.groups.validation': { sv: 'Felmeddelanden i formulären', en: 'Form error messages' },
  'copyEditor.groups.bankId': {
    sv: 'BankID: legitimering och underskrift',
    en: 'BankID: identification and signing',
  },
  'copyEditor.groups.becomeMember': {
    sv: 'Bli månadsgivare: dina uppgifter',
    en: 'Become a monthly donor: your details',
  },
  'copyEditor.groups.newDonationAmount': {
    sv: 'Höj din månadsgåva (befintlig givare)',
    en: 'Raise your monthly gift (existing donor)',
  },
  'copyEditor.groups.autoAddBank': { sv: 'Välj bank och konto', en: 'Choose bank and account' },
  'copyEditor.groups.addAutoGiro': { sv: 'Autogiro: konto och belopp', en: 'Autogiro: account and amount' },
  'copyEditor.groups.checkCard': { sv: 'Kortbetalning (demo)', en: 'Card payment (demo)' },
  'copyEditor.groups.gotToken': {
    sv: 'Tack-sidan: biljetten är bokad',
    en: 'Thank-you page: the ticket is booked',
  },
  'copyEditor.groups.ticket': {
    sv: 'Biljettsidan (länken i biljettmejlet)',
    en: 'Ticket page (the link in the ticket e-mail)',
  },
  'copyEditor.groups.underAge': { sv: 'För ung för konserten', en: 'Too young for the concert' },
  'copyEditor.groups.specialCases': {
    sv: 'Särskilda fall: utan personnummer, tillgänglighet',
    en: 'Special cases: no personal number, accessibility',
  },
  'copyEditor.groups.toQueue': { sv: 'Ställ dig i kön', en: 'Join the queue' },
  'copyEditor.groups.inQueue': { sv: 'Du står i kön', en: 'You are in the queue' },
  'copyEditor.groups.queueConfirm': {
    sv: 'Bekräfta köplatsen (länken i mejlet)',
    en: 'Confirm your queue place (the link in the e-mail)',
  },
  'copyEditor.groups.queueOffer': { sv: 'Erbjudande från väntelistan', en: 'Offer from the waiting list' },
  'copyEditor.groups.news': { sv: 'Nyheter', en: 'News' },
  'copyEditor.groups.contact': { sv: 'Kontakt', en: 'Contact' },
  'copyEditor.groups.faq': { sv: 'Frågor och svar', en: 'Questions and answers' },
  'copyEditor.groups.privacy': { sv: 'Så behandlar vi personuppgifter', en: 'How we process personal data' },
  'copyEditor.groups.error': { sv: 'Felsidan och felmeddelanden', en: 'Error page and error messages' },
  'copyEditor.groups.email': { sv: 'E-post till besökarna', en: 'E-mails to visitors' },
  'copyEditor.groups.adminFrame': {
    sv: 'Personal: inloggning, meny och ram',
    en: 'Staff: sign-in, menu and frame',
  },
  'copyEditor.groups.adminDashboard': { sv: 'Personal: översikten', en: 'Staff: dashboard' },
  'copyEditor.groups.adminDoor': { sv: 'Personal: insläpp vid dörren', en: 'Staff: door check-in' },
  'copyEditor.groups.adminScan': { sv: 'Personal: skannad biljett', en: 'Staff: scanned ticket' },
  'copyEditor.groups.adminAttendees': { sv: 'Personal: deltagarlistan', en: 'Staff: attendee list' },
  'copyEditor.groups.adminExports': { sv: 'Personal: exporter', en: 'Staff: exports' },
  'copyEditor.groups.adminMailout': { sv: 'Personal: biljettutskicket', en: 'Staff: ticket mail-out' },
  'copyEditor.groups.adminSendEmail': {
    sv: 'Personal: enstaka mejl och utkorgen',
    en: 'Staff: single e-mails and the outbox',
  },
  'copyEditor.groups.adminAddManualAttendee': {
    sv: 'Personal: lägg till deltagare',
    en: 'Staff: add an attendee',
  },
  'copyEditor.groups.adminQueue': { sv: 'Personal: väntelistan', en: 'Staff: waiting list' },
  'copyEditor.groups.adminAudit': { sv: 'Personal: händelseloggen', en: 'Staff: audit log' },
  'copyEditor.groups.adminAutogiro': { sv: 'Personal: Autogiro', en: 'Staff: Autogiro' },
  'copyEditor.groups.adminErasure': {
    sv: 'Personal: radering av personuppgifter',
    en: 'Staff: erasure of personal data',
  },
  'copyEditor.groups.adminStaff': { sv: 'Personal: behörigheter', en: 'Staff: access rights' },
  'copyEditor.groups.copyEditor': { sv: 'Personal: textredigeraren', en: 'Staff: copy editor' },
  'copyEditor.groups.other': { sv: 'Övriga texter', en: 'Other texts' },
  'shell.preview.banner': { sv: 'Förhandsvisning — ej publicerat', en: 'Preview — not published' },
  'shell.preview.showing': {
    sv: 'Sidan visar sparade utkast i stället för de publicerade texterna. Besökarna ser dem inte.',
    en: 'The page shows saved drafts instead of the published texts. Visitors do not see them.',
  },
  'shell.preview.unavailable': {
    sv: 'Utkasten kan inte visas: logga in som textredaktör i den här webbläsaren och öppna förhandsvisningen igen.',
    en: 'The drafts cannot be shown: sign in as a copy editor in this browser and open the preview again.',
  },
  'shell.preview.exit': { sv: 'Avsluta förhandsvisningen', en: 'Leave the preview' },
  // The BankID app returned to a tab that holds a sign-up of its own (issue 39 §9): never replaced without asking.
  'shell.resumeChoice.question': {
    sv: 'Du kom tillbaka från BankID till en flik där en annan anmälan redan pågår. Vill du fortsätta med anmälan som du använde BankID för? Det du har gjort i den här fliken ersätts då.',
    en: 'You came back from BankID to a tab where another sign-up is already in progress. Do you want to continue the sign-up you used BankID for? What you have done in this tab will then be replaced.',
  },
  'shell.resumeChoice.continue': {
    sv: 'Fortsätt med BankID-anmälan',
    en: 'Continue the BankID sign-up',
  },
  'shell.resumeChoice.stay': { sv: 'Stanna kvar här', en: 'Stay here' },
  // Issue 40 §1–2: the office cancels, moves and re-sends tickets
  'email.ticketCancelled.subject': {
    sv: 'Din biljett till konserten är avbokad',
    en: 'Your concert ticket is cancelled',
  },
  'email.ticketCancelled.body': {
    sv: 'Hej {{firstName}}!\n\nVi har avbokat din biljett till konserten {{concertDate}} på {{venue}} i {{city}}, som du bad om. Biljettens kod öppnar inte längre dörren, och platsen kan gå till någon annan.\n\nDitt medlemskap och din månadsgåva påverkas inte: de fortsätter precis som förut.\n\nÄr det fel, eller har du frågor? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.\n\nVarma hälsningar\n{{orgName}}',
    en: "Hi {{firstName}}!\n\nWe have cancelled your ticket to the concert on {{concertDate}} at {{venue}} in {{city}}, as you asked. The ticket's code no longer opens the door, and the place can go to someone else.\n\nYour membership and monthly gift are not affected: they continue just as before.\n\nIs this wrong, or do you have questions? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.\n\nWarm regards\n{{orgName}}",
  },
  'email.ticketMoved.subject': {
    sv: 'Din biljett till konserten har flyttats',
    en: 'Your concert ticket has been moved',
  },
  'email.ticketMoved.body': {
    sv: 'Hej {{firstName}}!\n\nDin biljett till konserten {{concertDate}} på {{venue}} i {{city}} har flyttats till {{newHolder}}, som du bad om. Den nya innehavaren får en egen biljett med en ny kod; din gamla kod öppnar inte längre dörren.\n\nDitt medlemskap och din månadsgåva påverkas inte.\n\nÄr det fel? Mejla {{supportEmail}} eller ring {{supportPhone}}, {{supportHours}}.\n\nVarma hälsningar\n{{orgName}}',
    en: 'Hi {{firstName}}!\n\nYour ticket to the concert on {{concertDate}} at {{venue}} in {{city}} has been moved to {{newHolder}}, as you asked. The new holder gets their own ticket with a new code; your old code no longer opens the door.\n\nYour membership and monthly gift are not affected.\n\nIs this wrong? E-mail {{supportEmail}} or call {{supportPhone}}, {{supportHours}}.\n\nWarm regards\n{{orgName}}',
  },
  'admin.audit.actions.tickets.cancel': {
    sv: 'Biljett avbokad',
    en: 'Ticket cancelled',
  },
  'admin.audit.actions.tickets.transfer': {
    sv: 'Biljett flyttad',
    en: 'Ticket moved',
  },
  'admin.audit.actions.tickets.resendEmail': {
    sv: 'Biljettmejl skickat igen',
    en: 'Ticket e-mail sent again',
  },
  'admin.audit.sentences.tickets.cancel': {
    sv: '{{staff}} avbokade biljetten för {{name}} {{time}}',
    en: '{{staff}} cancelled the ticket of {{name}} at {{time}}',
  },
  'admin.audit.sentences.tickets.transfer': {
    sv: '{{staff}} flyttade en biljett till {{name}} {{time}}',
    en: '{{staff}} moved a ticket to {{name}} at {{time}}',
  },
  'admin.audit.sentences.tickets.resendEmail': {
    sv: '{{staff}} skickade biljettmejlet till {{name}} igen {{time}}',
    en: '{{staff}} sent the ticket e-mail to {{name}} again at {{time}}',
  },
  'admin.exports.ticketStates.cancelled': {
    sv: 'Avbokad',
    en: 'Cancelled',
  },
  'admin.dashboard.tickets.cancelled': {
    sv: 'Avbokade',
    en: 'Cancelled',
  },
  'admin.attendees.cancelledAt': {
    sv: 'Avbokad {{time}}',
    en: 'Cancelled {{time}}',
  },
  'admin.attendees.history.moved': {
    sv: 'Flyttad från {{from}} till {{to}}',
    en: 'Moved from {{from}} to {{to}}',
  },
  'admin.attendees.columns.actions': {
    sv: 'Åtgärder',
    en: 'Actions',
  },
  'admin.attendees.actions.label': {
    sv: 'Åtgärder för {{name}}',
    en: 'Actions for {{name}}',
  },
  'admin.attendees.actions.cancel': {
    sv: 'Avboka',
    en: 'Cancel',
  },
  'admin.attendees.actions.transfer': {
    sv: 'Flytta till annan person',
    en: 'Move to another person',
  },
  'admin.attendees.actions.resend': {
    sv: 'Skicka biljettmejlet igen',
    en: 'Resend the ticket e-mail',
  },
  'admin.attendees.actions.working': {
    sv: 'Arbetar…',
    en: 'Working…',
  },
  'admin.attendees.cancel.title': {
    sv: 'Avboka biljetten för {{name}}?',
    en: 'Cancel the ticket of {{name}}?',
  },
  'admin.attendees.cancel.body': {
    sv: 'Biljettens kod slutar fungera i dörren direkt. Biljetten går till nästa person i kön, eller tillbaka till försäljningen om ingen väntar. {{name}} får ett mejl om avbokningen. Medlemskapet och månadsgåvan påverkas inte.',
    en: "The ticket's code stops working at the door at once. The ticket goes to the next person in the waiting list, or back on sale if nobody waits. {{name}} gets an e-mail about the cancellation. The membership and monthly gift are not affected.",
  },
  'admin.attendees.cancel.confirm': {
    sv: 'Ja, avboka biljetten',
    en: 'Yes, cancel the ticket',
  },
  'admin.attendees.cancel.keep': {
    sv: 'Nej, behåll biljetten',
    en: 'No, keep the ticket',
  },
  'admin.attendees.cancel.done': {
    sv: 'Biljetten för {{name}} är avbokad.',
    en: 'The ticket of {{name}} is cancelled.',
  },
  'admin.attendees.cancel.failed': {
    sv: 'Biljetten kunde inte avbokas ({{message}}).',
    en: 'The ticket could not be cancelled ({{message}}).',
  },
  'admin.attendees.transfer.title': {
    sv: 'Flytta biljetten för {{name}}',
    en: 'Move the ticket of {{name}}',
  },
  'admin.attendees.transfer.intro': {
    sv: 'Den nya innehavaren får en ny kod och biljettmejlet. Den gamla koden slutar fungera, och {{name}} får ett mejl om flytten.',
    en: 'The new holder gets a new code and the ticket e-mail. The old code stops working, and {{name}} gets an e-mail about the move.',
  },
  'admin.attendees.transfer.firstName': {
    sv: 'Förnamn',
    en: 'First name',
  },
  'admin.attendees.transfer.lastName': {
    sv: 'Efternamn',
    en: 'Last name',
  },
  'admin.attendees.transfer.email': {
    sv: 'E-postadress',
    en: 'E-mail address',
  },
  'admin.attendees.transfer.invalidName': {
    sv: 'Skriv ett namn med bokstäver.',
    en: 'Type a name in letters.',
  },
  'admin.attendees.transfer.invalidEmail': {
    sv: 'Skriv en hel e-postadress, med @ och domän.',
    en: 'Type a whole e-mail address, with @ and a domain.',
  },
  'admin.attendees.transfer.submit': {
    sv: 'Flytta biljetten',
    en: 'Move the ticket',
  },
  'admin.attendees.transfer.close': {
    sv: 'Avbryt',
    en: 'Cancel',
  },
  'admin.attendees.transfer.done': {
    sv: 'Biljetten är flyttad till {{name}}.',
    en: 'The ticket is moved to {{name}}.',
  },
  'admin.attendees.transfer.failed': {
    sv: 'Biljetten kunde inte flyttas ({{message}}).',
    en: 'The ticket could not be moved ({{message}}).',
  },
  'admin.attendees.resend.done': {
    sv: 'Biljettmejlet till {{name}} ligger i kön.',
    en: 'The ticket e-mail to {{name}} is queued.',
  },
  'admin.attendees.resend.already': {
    sv: 'Biljettmejlet till {{name}} väntar redan på att gå iväg.',
    en: 'The ticket e-mail to {{name}} is already waiting to go out.',
  },
  'admin.attendees.resend.failed': {
    sv: 'Biljettmejlet kunde inte skickas ({{message}}).',
    en: 'The ticket e-mail could not be sent ({{message}}).',
  },
} as const satisfies Record<CopyKey, CopyEntry>;
