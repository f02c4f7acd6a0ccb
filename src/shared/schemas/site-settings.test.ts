import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS } from '../constants';
import { isTimeZone, SITE_SETTINGS_DEFAULTS, SiteSettingsInputSchema, timeZoneNames } from './site-settings';
import { INVALID_SETTINGS, settingsWith } from './site-settings.fixtures';

const parse = (patch: Record<string, unknown>) =>
  SiteSettingsInputSchema.safeParse({ ...SITE_SETTINGS_DEFAULTS, ...patch });
const messageAt = (patch: Record<string, unknown>, path: string) => {
  const result = parse(patch);
  return result.success ? null : result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
};

describe('site settings defaults', () => {
  it('are valid and keep the spec texts', () => {
    expect(SiteSettingsInputSchema.parse(SITE_SETTINGS_DEFAULTS)).toEqual(SITE_SETTINGS_DEFAULTS);
    expect(SITE_SETTINGS_DEFAULTS.identity.tagline).toBe('Soul Guidance & Healing');
    expect(SITE_SETTINGS_DEFAULTS.about.roles).toEqual(['Akashic Reader Since 2023', 'CA Student', 'Soul Guide']);
    expect(SITE_SETTINGS_DEFAULTS.about.offers.map((o) => o.title)).toEqual([
      'Safe Space',
      'Deep Insights',
      'Personalized Guidance',
    ]);
    expect(SITE_SETTINGS_DEFAULTS.contact).toMatchObject({
      location: 'Available Online',
      hours: 'Mon-Sun: 9 AM - 9 PM',
    });
    expect(SITE_SETTINGS_DEFAULTS.contact.subjects).toEqual([...CONTACT_SUBJECTS]);
  });
});

describe('site settings rules', () => {
  it.each(INVALID_SETTINGS)('%s', (path, value, message) => {
    expect(messageAt(settingsWith(path, value), path)).toBe(message);
  });

  it('drops blank list entries, dedupes footer services and completes web addresses', () => {
    const id = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const result = SiteSettingsInputSchema.parse({
      ...SITE_SETTINGS_DEFAULTS,
      about: { ...SITE_SETTINGS_DEFAULTS.about, roles: ['Healer', ' ', ''], sinceYear: '2020' },
      social: { ...SITE_SETTINGS_DEFAULTS.social, website: 'www.example.com' },
      footer: { ...SITE_SETTINGS_DEFAULTS.footer, serviceIds: [id, id] },
    });
    expect(result.about.roles).toEqual(['Healer']);
    expect(result.about.sinceYear).toBe(2020);
    expect(result.social.website).toBe('https://www.example.com');
    expect(result.footer.serviceIds).toEqual([id]);
  });
});

describe('contact helpers', () => {
  it('saves phone and WhatsApp numbers in E.164, reading a number without a country code as Indian', () => {
    const contact = SiteSettingsInputSchema.parse({
      ...SITE_SETTINGS_DEFAULTS,
      contact: { ...SITE_SETTINGS_DEFAULTS.contact, phone: '044 2345 6789', whatsapp: '98400 12345' },
    }).contact;
    expect(contact).toMatchObject({ phone: '+914423456789', whatsapp: '+919840012345', whatsappButton: false });
  });

  it('keeps the chat button switch and its message', () => {
    const on = { ...SITE_SETTINGS_DEFAULTS.contact, whatsappButton: true, whatsappMessage: ' Hello Ishita ' };
    expect(parse({ contact: { ...on, whatsapp: '+44 20 7946 0958' } }).data?.contact).toMatchObject({
      whatsapp: '+442079460958',
      whatsappButton: true,
      whatsappMessage: 'Hello Ishita',
    });
  });

  it('knows IANA zones and names them', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Nowhere/Land')).toBe(false);
    expect(timeZoneNames('Asia/Kolkata')).toEqual({ short: 'IST', long: 'India Standard Time' });
  });
});
