import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_DEFAULTS, SiteSettingsInputSchema } from '../../../shared/schemas/site-settings';
import { formPath, formToInput, settingsToForm } from './site-form-model';

describe('the Site form state', () => {
  it('round-trips the settings through the form unchanged', () => {
    const state = settingsToForm(SITE_SETTINGS_DEFAULTS);
    expect(state.about.roles[0]).toEqual({ value: 'Akashic Reader Since 2023' });
    expect(state.about.sinceYear).toBe('2023');
    expect(SiteSettingsInputSchema.parse(formToInput(state))).toEqual(SITE_SETTINGS_DEFAULTS);
  });

  it.each([
    ['about.roles.2', 'about.roles.2.value'],
    ['contact.subjects', 'contact.subjects.root'],
    ['footer.serviceIds.0', 'footer.serviceIds.0.value'],
    ['about.offers.1.title', 'about.offers.1.title'],
    ['identity.siteName', 'identity.siteName'],
  ])('maps the error path %s to %s', (path, expected) => {
    expect(formPath(path)).toBe(expected);
  });
});
