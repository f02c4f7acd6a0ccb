// What a contact message records when it was not mailed because mail forwarding is not set up (no CONTACT_INBOX),
// shared so the admin inbox can tell that calm case from a real delivery failure (docs/admin.md, "Messages inbox").
export const MAIL_SKIPPED_NO_INBOX = 'Not mailed: CONTACT_INBOX is not set';
