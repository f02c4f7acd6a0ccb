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

  // A list of texts is a list of { value } rows in the form; an error about a whole list belongs to its root.
  it.each(['about.roles.2', 'footer.serviceIds.0'])('maps the error path %s to its .value', (path) => {
    expect(formPath(path)).toBe(`${path}.value`);
  });

  it('maps the error path contact.subjects to contact.subjects.root', () => {
    expect(formPath('contact.subjects')).toBe('contact.subjects.root');
  });

  it.each(['about.offers.1.title', 'identity.siteName'])('keeps the error path %s', (path) => {
    expect(formPath(path)).toBe(path);
  });
});
