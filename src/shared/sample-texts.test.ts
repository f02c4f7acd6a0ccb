import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_DEFAULTS, type SiteSettingsInput } from './schemas/site-settings';
import { DEMO_CONTACT, isSample, sampleFields, withoutDemoPersona } from './sample-texts';
import { normalisePhone } from './phone';

const demo: SiteSettingsInput = {
  ...SITE_SETTINGS_DEFAULTS,
  contact: { ...SITE_SETTINGS_DEFAULTS.contact, ...DEMO_CONTACT },
};
const renamed = (settings: SiteSettingsInput = demo): SiteSettingsInput => ({
  ...settings,
  identity: { ...settings.identity, siteName: 'Anaya Rao', practitionerName: 'Anaya Rao', firstName: 'Anaya' },
});

/** Every text a page can show from the settings, as one string. */
const allText = (settings: SiteSettingsInput) => JSON.stringify(settings);

describe('sample texts', () => {
  it('marks the demo’s texts, and stops marking one once it is changed', () => {
    expect(isSample(demo, 'about.story')).toBe(true);
    expect(isSample(demo, 'contact.email')).toBe(true);
    const edited = { ...demo, about: { ...demo.about, story: `${demo.about.story} More.` } };
    expect(isSample(edited, 'about.story')).toBe(false);
    expect(sampleFields(edited).about).toEqual(['about.intro', 'about.roles', 'about.mission']);
  });

  it('reads the Site form’s rows of { value } as a list', () => {
    const rows = { about: { roles: demo.about.roles.map((value) => ({ value })) } };
    expect(isSample(rows, 'about.roles')).toBe(true);
    expect(isSample({ about: { roles: [{ value: 'Reiki Master' }] } }, 'about.roles')).toBe(false);
  });

  it('does not call an empty e-mail or phone a sample', () => {
    expect(isSample({ contact: { email: '', phone: '' } }, 'contact.email')).toBe(false);
    expect(isSample({ contact: { email: '', phone: '' } }, 'contact.phone')).toBe(false);
  });
});

describe('withoutDemoPersona', () => {
  it('leaves the demo site as it is', () => {
    expect(withoutDemoPersona(demo)).toBe(demo);
  });

  it('after a rename, no text names or describes the demo practitioner', () => {
    const shown = withoutDemoPersona(renamed());
    const text = allText(shown);
    for (const trace of ['Ishita', 'Verma', 'CA student', 'CA Student', 'chartered accountan', DEMO_CONTACT.email]) {
      expect(text).not.toContain(trace);
    }
    expect(shown.contact.email).toBe('');
    expect(shown.contact.phone).toBe('');
    expect(shown.about.roles).toEqual([demo.identity.jobTitle]);
    expect(shown.seo.siteDescription).toContain('Anaya Rao');
    expect(shown.seo.aboutDescription).toContain('Anaya');
    expect(shown.home.aboutText).toBe(demo.about.intro);
  });

  it('never touches a text the practitioner wrote', () => {
    const own = renamed({
      ...demo,
      about: { ...demo.about, roles: ['Reiki Master'], story: 'My own story.' },
      home: { ...demo.home, aboutText: 'My own words.' },
      contact: { ...demo.contact, email: 'anaya@example.org' },
      seo: { ...demo.seo, siteDescription: 'Readings with Anaya.' },
    });
    const shown = withoutDemoPersona(own);
    expect(shown.about.roles).toEqual(['Reiki Master']);
    expect(shown.about.story).toBe('My own story.');
    expect(shown.home.aboutText).toBe('My own words.');
    expect(shown.contact.email).toBe('anaya@example.org');
    expect(shown.seo.siteDescription).toBe('Readings with Anaya.');
  });
});

describe('the demo phone number', () => {
  it('is still the sample once stored in E.164, and not once changed', () => {
    expect(isSample({ contact: { phone: normalisePhone(DEMO_CONTACT.phone) } }, 'contact.phone')).toBe(true);
    expect(isSample({ contact: { phone: '+919840012345' } }, 'contact.phone')).toBe(false);
  });
});
