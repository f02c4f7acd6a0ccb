// The Site screen's form state and its mapping to and from the shared SiteSettingsInputSchema (docs/site-settings.md).
// react-hook-form's field arrays hold objects, so the lists of text (roles, specializations, subjects, footer
// services) are lists of { value } here and plain lists in the API; numbers are held as text.
import {
  SiteSettingsInputSchema,
  type SiteSettings,
  type SiteSettingsInput,
} from '../../../shared/schemas/site-settings';
import { formatPhone } from '../../../shared/phone';
import { schemaResolver } from '../../forms/schema-resolver';

export interface TextItem {
  value: string;
}

type Settings = SiteSettingsInput;

export interface SiteFormState {
  identity: Settings['identity'];
  about: Omit<Settings['about'], 'roles' | 'sinceYear'> & { roles: TextItem[]; sinceYear: string };
  home: Omit<Settings['home'], 'specializations'> & { specializations: TextItem[] };
  contact: Omit<Settings['contact'], 'subjects'> & { subjects: TextItem[] };
  social: Settings['social'];
  seo: Settings['seo'];
  footer: Omit<Settings['footer'], 'serviceIds'> & { serviceIds: TextItem[] };
  policies: Settings['policies'];
}

/** The lists held as field arrays of { value }, by their path in the form. */
export const TEXT_LISTS = ['about.roles', 'home.specializations', 'contact.subjects', 'footer.serviceIds'] as const;

const items = (list: readonly string[]): TextItem[] => list.map((value) => ({ value }));
const values = (list: readonly TextItem[]): string[] => list.map((item) => item.value);

export function settingsToForm(settings: Settings | SiteSettings): SiteFormState {
  return {
    identity: { ...settings.identity },
    about: {
      ...settings.about,
      offers: settings.about.offers.map((offer) => ({ ...offer })),
      roles: items(settings.about.roles),
      sinceYear: String(settings.about.sinceYear),
    },
    home: { ...settings.home, specializations: items(settings.home.specializations) },
    contact: {
      ...settings.contact,
      // Stored in E.164; the form shows them grouped, as the site does (docs/phone-numbers.md).
      phone: formatPhone(settings.contact.phone),
      whatsapp: formatPhone(settings.contact.whatsapp),
      subjects: items(settings.contact.subjects),
    },
    social: { ...settings.social },
    seo: { ...settings.seo },
    footer: { ...settings.footer, serviceIds: items(settings.footer.serviceIds) },
    policies: { ...settings.policies, updated: { ...settings.policies.updated } },
  };
}

/** The form's values shaped as the API input, for the schema (and the request body). */
export function formToInput(state: SiteFormState): unknown {
  return {
    ...state,
    about: { ...state.about, roles: values(state.about.roles) },
    home: { ...state.home, specializations: values(state.home.specializations) },
    contact: { ...state.contact, subjects: values(state.contact.subjects) },
    footer: { ...state.footer, serviceIds: values(state.footer.serviceIds) },
  };
}

/**
 * An error path of the schema (API input) as a form path: an entry of a text list is `<list>.<i>.value`, and an
 * error about the whole list goes to `<list>.root`, where react-hook-form keeps a field array's own error.
 */
export function formPath(path: string): string {
  for (const list of TEXT_LISTS) {
    if (path === list) return `${list}.root`;
    if (new RegExp(`^${list.replace('.', '\\.')}\\.\\d+$`).test(path)) return `${path}.value`;
  }
  return path;
}

export const siteSettingsResolver = schemaResolver<SiteFormState, SiteSettingsInput>(
  SiteSettingsInputSchema,
  formToInput,
  formPath,
);
