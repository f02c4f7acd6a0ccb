// The policy pages' words (docs/policies.md): the defaults written from the practitioner's own name and contact
// details, the text a page shows, and the policy version that consent records (contact form, bookings).
import { POLICIES_DEFAULTS, POLICY_KINDS, type Policies, type PolicyKind } from './schemas/policies';

export { POLICY_KINDS, type PolicyKind };

/** Where each page lives and what it is called, in the order the footer lists them. */
export const POLICY_PAGES: Record<PolicyKind, { path: string; title: string; footerLabel: string }> = {
  privacy: { path: '/privacy', title: 'Privacy Notice', footerLabel: 'Privacy' },
  terms: { path: '/terms', title: 'Terms of Service', footerLabel: 'Terms' },
  refund: { path: '/refund-policy', title: 'Refund and Cancellation Policy', footerLabel: 'Refunds' },
  grievance: { path: '/grievance', title: 'Grievances', footerLabel: 'Grievances' },
  disclaimer: { path: '/disclaimer', title: 'Disclaimer', footerLabel: 'Disclaimer' },
};

/** What the defaults need to know about the practice; the site settings have all of it. */
export interface PolicySettings {
  identity: { siteName: string; practitionerName: string };
  contact: { email: string };
  policies?: Partial<Policies> | undefined;
}

/** Old documents have no policies section: they read as the defaults (version 1). */
function policiesOf(settings: PolicySettings): Policies {
  return { ...POLICIES_DEFAULTS, ...settings.policies };
}

/**
 * The current policy version: what the contact form and a booking record with the visitor's consent (a string, as
 * BookingSchema's `consent.policyVersion` is: "3"). It goes up by one whenever a save changes what any policy page
 * says (src/server/domain/site-settings.ts).
 */
export function currentPolicyVersion(settings: PolicySettings): string {
  return String(policiesOf(settings).version);
}

/** How a visitor writes to the practitioner about their data: the e-mail when there is one, else the contact page. */
function writeTo(settings: PolicySettings): string {
  const email = settings.contact.email.trim();
  return email ? `by e-mail to ${email}` : 'through the contact form on this site (/contact)';
}

/**
 * The default text of each page, in the brand's voice (first person, plain English), naming the practitioner and
 * the site from the settings. Paragraphs are separated by a blank line; a short line of its own is a heading.
 */
export function defaultPolicyText(kind: PolicyKind, settings: PolicySettings): string {
  const name = settings.identity.practitionerName.trim();
  const site = settings.identity.siteName.trim();
  const contact = writeTo(settings);
  const texts: Record<PolicyKind, string[]> = {
    privacy: [
      `This notice explains what I, ${name}, do with the personal data you share with me through ${site}. I am the one who decides how it is used (under India’s Digital Personal Data Protection Act, 2023, the “Data Fiduciary”), and I keep it to what I need to answer you and to hold your sessions.`,
      'What I collect',
      'When you write to me: your name, e-mail address, phone number if you give it, and your message. When you book a session: your name, e-mail address, phone number if you give it, the time you chose, any note, and your answers to the questions a session asks. Those answers can be personal, so I treat them with particular care. When you pay online, the payment provider (Razorpay) handles your card, UPI or bank details; I only receive whether the payment went through and its reference.',
      'Why I use it',
      'To reply to you, to arrange, hold, reschedule or cancel your session, to send you the confirmation and reminders, to issue refunds, and to keep the records the law asks of me. I do not sell your data, I do not use it for advertising, and this site sets no tracking cookies.',
      'Your consent',
      'I use your data because you agree to it when you send a message or book, by ticking the box that refers to this notice. You can withdraw your consent at any time by writing to me; withdrawing does not undo what was done before, and I may not be able to hold a session without the details it needs.',
      'Who else sees it',
      'Only the services that run this site for me: the hosting and database providers that store it, the e-mail service that delivers our messages, and the payment provider when you pay. Some of them store data outside India. Each of them handles it only to provide that service.',
      'How long I keep it',
      'Messages: until you ask me to erase them, or until they are no longer needed. Bookings: while they are useful to you and to me; after an erase request I keep only what accounting and tax law require for a paid session (the date, the service, the amount and the payment reference), without your name or contact details, for as long as that law requires.',
      'Your rights',
      `You can ask me for a summary of the personal data I hold about you, to correct or complete it, or to erase it. You can also name someone to exercise these rights for you if you are unable to. Write to me ${contact}; I answer within 30 days. If you are not satisfied with my answer, see the Grievances page, and you may complain to the Data Protection Board of India.`,
      'Children',
      'My sessions are for adults. If you are under 18, please ask a parent or guardian to contact me first.',
      'Changes',
      'When I change this notice, the date and version at the top change with it. Whatever you agreed to is recorded with its version.',
    ],
    terms: [
      `These terms apply when you use ${site} and when you book or attend a session with me, ${name}. By booking, you agree to them.`,
      'My sessions',
      'Readings, tarot and healing sessions are offered for reflection, insight and wellbeing. They are guidance, not a promise of any outcome. Please read the Disclaimer: my sessions are not medical, legal or financial advice.',
      'Booking and payment',
      'A booking is confirmed when you receive my confirmation e-mail. Prices are shown in Indian rupees on each service page. When you pay online, the payment is processed by Razorpay; a session marked “pay at the session” is paid when we meet.',
      'Cancelling and rescheduling',
      'You can cancel or move a session with the link in your confirmation e-mail, within the times in the Refund and Cancellation Policy, which also says when you get your money back.',
      'Taking part',
      'Sessions are for adults aged 18 and over. Please join on time and treat the session with respect; I may end a session that becomes abusive. What we talk about stays between us, apart from what the law requires me to share.',
      'My content',
      `The texts and pictures on ${site} are mine. You are welcome to share a link to any page, but please do not copy the content as your own.`,
      'Responsibility',
      'I take care with every session, but I cannot be responsible for decisions you make based on it. Nothing in these terms limits a right you have under Indian consumer law.',
      'The law that applies',
      'These terms are governed by the laws of India. If we cannot settle a disagreement through the Grievances page, the courts of India decide it.',
    ],
    refund: [
      `This is how cancellations and refunds work for sessions booked on ${site}.`,
      'If you cancel',
      'You can cancel with the link in your confirmation e-mail. Cancel at least 24 hours before the session starts and I refund the full amount. Later than that, the session cannot be refunded, because the time was held for you. If you cannot make it, moving the session with the same link is usually better.',
      'If I cancel',
      'If I have to cancel a session, I tell you as soon as I can and refund the full amount, or offer you another time if you prefer.',
      'If you do not attend',
      'A session you miss without cancelling is not refunded.',
      'How refunds are paid',
      'Refunds go back to the way you paid (UPI, card, net banking or wallet). I start them within 2 working days; your bank usually shows them within 5 to 7 working days after that.',
      'Questions',
      `Write to me ${contact} about any payment or refund, and I will look into it personally.`,
    ],
    grievance: [
      `If something has gone wrong, with a session, a payment, or how your personal data has been handled, I want to hear about it and put it right.`,
      'Who to contact',
      `${name} handles every grievance personally. Write to me ${contact}, with your name, the e-mail address you used with me, and what happened.`,
      'What happens next',
      'I acknowledge your message within 48 hours and aim to resolve it within 30 days, telling you what I have done.',
      'If you are not satisfied',
      'For a concern about your personal data you may complain to the Data Protection Board of India once you have written to me. For a concern about a purchase, you can also turn to the National Consumer Helpline.',
    ],
    disclaimer: [
      'My readings, tarot and healing sessions are spiritual guidance, offered for reflection and wellbeing.',
      'They are not medical, psychological, legal or financial advice, and they do not replace a doctor, therapist, lawyer or financial adviser. Please do not stop or delay any treatment, or take a legal or financial decision, because of a session.',
      'If you are in crisis or thinking of harming yourself, please contact a medical professional or a helpline right away, such as Tele-MANAS on 14416.',
      'What you take from a session, and what you decide to do with it, remains your own choice.',
    ],
  };
  return texts[kind].join('\n\n');
}

/** The text a page shows: the practitioner's own, or the default written from the settings. */
export function policyText(kind: PolicyKind, settings: PolicySettings): string {
  const own = policiesOf(settings)[kind].trim();
  return own || defaultPolicyText(kind, settings);
}

/** The day (YYYY-MM-DD) a page last changed, and the policy version it belongs to. */
export function policyStamp(kind: PolicyKind, settings: PolicySettings): { updated: string; version: number } {
  const policies = policiesOf(settings);
  return { updated: policies.updated[kind], version: policies.version };
}

/**
 * The policies to store with a save: the new texts, the version raised by one when any page now says something
 * else than before (its own text, or its default because the name or e-mail changed), and those pages dated today.
 */
export function nextPolicies(before: PolicySettings, after: PolicySettings, today: string): Policies {
  const next = policiesOf(after);
  const previous = policiesOf(before);
  const changed = POLICY_KINDS.filter((kind) => policyText(kind, before) !== policyText(kind, after));
  if (changed.length === 0) return { ...next, version: previous.version, updated: { ...previous.updated } };
  const updated = { ...previous.updated };
  for (const kind of changed) updated[kind] = today;
  return { ...next, version: previous.version + 1, updated };
}

export type PolicyBlock = { kind: 'heading' | 'paragraph'; text: string };

/**
 * A policy text as blocks: paragraphs split at blank lines; a paragraph of one short line that does not end like a
 * sentence is a heading. Plain text only, so nothing typed can become markup.
 */
export function policyBlocks(text: string): PolicyBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      !block.includes('\n') && block.length <= 80 && !/[.:;!?,)"”’]$/.test(block)
        ? { kind: 'heading', text: block }
        : { kind: 'paragraph', text: block },
    );
}
