// The registration wizard (document 1 §2, §3, §5, §8): ten steps, then company and manager calls.
import { registerCompany, registerManager } from '../../api/auth.ts';
import { toFailure } from '../../api/client.ts';
import { lowerTexts, REGISTER_MESSAGES } from './rules.ts';

export interface WizardField {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'file' | 'textarea';
  autoComplete?: string;
}
export interface WizardStep {
  title: string;
  fields: WizardField[];
  intro?: string;
}

export const STEPS: WizardStep[] = [
  { title: 'Your company', fields: [{ name: 'name_company', label: 'Company name', autoComplete: 'organization' }, { name: 'country', label: 'Country', autoComplete: 'country-name' }] },
  { title: 'Address', fields: [{ name: 'street', label: 'Street', autoComplete: 'address-line1' }, { name: 'city', label: 'City', autoComplete: 'address-level2' }] },
  { title: 'Address', fields: [{ name: 'region', label: 'Region', autoComplete: 'address-level1' }, { name: 'zipcode', label: 'Zipcode', autoComplete: 'postal-code' }] },
  { title: 'Business', fields: [{ name: 'sector', label: 'Sector' }, { name: 'site', label: 'Website', type: 'url', autoComplete: 'url' }] },
  { title: 'About the company', fields: [{ name: 'description', label: 'Description', type: 'textarea' }, { name: 'profile_logo', label: 'Logo', type: 'file' }] },
  { title: 'The manager', fields: [], intro: 'Now tell us about the person who will manage the account. They sign in with the email and password chosen in the next steps.' },
  { title: 'Manager', fields: [{ name: 'name', label: 'Name', autoComplete: 'given-name' }, { name: 'last_name', label: 'Last name', autoComplete: 'family-name' }] },
  { title: 'Contact', fields: [{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }, { name: 'phone_number', label: 'Phone', type: 'tel', autoComplete: 'tel' }] },
  { title: 'Role', fields: [{ name: 'office', label: 'Office', autoComplete: 'organization-title' }, { name: 'picture_profile', label: 'Picture', type: 'file' }] },
  { title: 'Password', fields: [{ name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' }, { name: 'password_confirmation', label: 'Confirm password', type: 'password', autoComplete: 'new-password' }] },
];
export const MANAGER_FIRST_STEP = 6;

export type Values = Record<string, string>;
export type Files = Record<string, File | undefined>;
const PASSWORDS = ['password', 'password_confirmation'];

/** A failure's `status` is the server's (undefined: no answer), so the user action knows whether to keep its keys. */
export type Outcome = { ok: true } | { ok: false; message: string; customerId?: number; status?: number };
/** The Idempotency-Key of the registration's call `step`: 0 the company, 1 the manager. */
export type StepKey = (step: number) => string;

interface Calls {
  registerCompany: typeof registerCompany;
  registerManager: typeof registerManager;
}

/** Registers the company (unless already done, then customerId is known) and its manager. */
export async function register(values: Values, files: Files, key: StepKey, customerId?: number, calls: Calls = { registerCompany, registerManager }): Promise<Outcome> {
  const v = lowerTexts(values, PASSWORDS);
  if (customerId === undefined) {
    try {
      const res = await calls.registerCompany(
        {
          name_company: v.name_company ?? '', country: v.country ?? '', street: v.street ?? '', city: v.city ?? '',
          region: v.region ?? '', zipcode: v.zipcode ?? '', sector: v.sector ?? '',
          site: v.site || undefined, description: v.description || undefined,
        },
        files.profile_logo,
        key(0),
      );
      customerId = res.id_customer;
    } catch (err) {
      return { ok: false, message: REGISTER_MESSAGES.company, status: toFailure(err).status };
    }
  }
  return registerManagerOnly(v, files, customerId, key, calls);
}

export async function registerManagerOnly(values: Values, files: Files, customerId: number, key: StepKey, calls: Pick<Calls, 'registerManager'> = { registerManager }): Promise<Outcome> {
  const v = lowerTexts(values, PASSWORDS);
  try {
    const res = await calls.registerManager(
      {
        id_customer: customerId, name: v.name ?? '', last_name: v.last_name ?? '', email: v.email ?? '', office: v.office ?? '',
        password: v.password ?? '', password_confirmation: v.password_confirmation ?? '', phone_number: v.phone_number || undefined,
      },
      files.picture_profile,
      key(1),
    );
    return res.success ? { ok: true } : { ok: false, message: res.message, customerId, status: 200 };
  } catch (err) {
    // A refusal carries success false and the server's message; a lost request gets the generic alert.
    const f = toFailure(err);
    return { ok: false, message: f.status !== undefined && f.status < 500 ? f.message : REGISTER_MESSAGES.manager, customerId, status: f.status };
  }
}
