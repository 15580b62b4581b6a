// The registration wizard (document 1 §2, §3, §5, §8): ten steps, then company and manager calls.
// Each step is checked before Next with the contract's rules (src/api/contract/rules/user.ts) on the
// values as they will be sent; a refusal of the server puts its field errors back on their steps.
import { registerCompany, registerManager } from '../../api/auth.ts';
import { toFailure } from '../../api/client.ts';
import type { Body } from '../../api/contract/define.ts';
import type { contract } from '../../api/contract/index.ts';
import { tableErrors, type FieldErrors } from '../../api/contract/rules/check.ts';
import {
  companyRegistrationRules,
  managerErrors,
  managerRegistrationRules,
  TERMS_MESSAGE,
} from '../../api/contract/rules/user.ts';
import { lowerTexts, REGISTER_MESSAGES } from './rules.ts';

export interface WizardField {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'file' | 'textarea' | 'terms';
  autoComplete?: string;
}
export interface WizardStep {
  title: string;
  fields: WizardField[];
  intro?: string;
}

/** The terms box of the last step: ticked, the server records its terms version with the account. */
export const TERMS_FIELD = 'terms_accepted';

export const STEPS: WizardStep[] = [
  {
    title: 'Your company',
    fields: [
      { name: 'name_company', label: 'Company name', autoComplete: 'organization' },
      { name: 'country', label: 'Country', autoComplete: 'country-name' },
    ],
  },
  {
    title: 'Address',
    fields: [
      { name: 'street', label: 'Street', autoComplete: 'address-line1' },
      { name: 'city', label: 'City', autoComplete: 'address-level2' },
    ],
  },
  {
    title: 'Address',
    fields: [
      { name: 'region', label: 'Region', autoComplete: 'address-level1' },
      { name: 'zipcode', label: 'Zipcode', autoComplete: 'postal-code' },
    ],
  },
  {
    title: 'Business',
    fields: [
      { name: 'sector', label: 'Sector' },
      { name: 'site', label: 'Website', type: 'url', autoComplete: 'url' },
    ],
  },
  {
    title: 'About the company',
    fields: [
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'profile_logo', label: 'Logo', type: 'file' },
    ],
  },
  {
    title: 'The manager',
    fields: [],
    intro:
      'Now tell us about the person who will manage the account. They sign in with the email and password chosen in the next steps.',
  },
  {
    title: 'Manager',
    fields: [
      { name: 'name', label: 'Name', autoComplete: 'given-name' },
      { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
    ],
  },
  {
    title: 'Contact',
    fields: [
      { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
      { name: 'phone_number', label: 'Phone', type: 'tel', autoComplete: 'tel' },
    ],
  },
  {
    title: 'Role',
    fields: [
      { name: 'office', label: 'Office', autoComplete: 'organization-title' },
      { name: 'picture_profile', label: 'Picture', type: 'file' },
    ],
  },
  {
    title: 'Password',
    fields: [
      { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
      { name: 'password_confirmation', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
      { name: TERMS_FIELD, label: 'I accept the terms of use', type: 'terms' },
    ],
  },
];
export const MANAGER_FIRST_STEP = 6;

/** Texts as typed; the terms box is '1' when ticked. */
export type Values = Record<string, string>;
export type Files = Record<string, File | undefined>;
const PASSWORDS = ['password', 'password_confirmation'];

/** A failure's `status` is the server's (undefined: no answer), so the user action knows whether to keep its keys. */
export type Outcome = { ok: true } | { ok: false; message: string; customerId?: number; status?: number; errors?: FieldErrors };
/** The Idempotency-Key of the registration's call `step`: 0 the company, 1 the manager. */
export type StepKey = (step: number) => string;

type C = typeof contract.auth;
/** A table's texts as typed ('' for none yet), lower-cased but the passwords (§5). */
const texts = <T extends object>(table: T, values: Values) => {
  const v = lowerTexts(values, PASSWORDS);
  return Object.fromEntries(Object.keys(table).map((n) => [n, v[n] ?? ''])) as { [K in keyof T]: string };
};
const optional = (s: string) => s || undefined;

/** The company call's fields as sent: an empty site or description left out. */
export function companyBody(values: Values): Body<C['registerCompany']> {
  const { site, description, ...required } = texts(companyRegistrationRules, values);
  return { ...required, site: optional(site), description: optional(description) };
}

/** The manager call's fields as sent: an empty phone left out, the ticked terms. */
export function managerBody(values: Values, customerId: number): Body<C['registerManager']> {
  const { phone_number, ...required } = texts(managerRegistrationRules, values);
  return {
    id_customer: customerId,
    ...required,
    phone_number: optional(phone_number),
    ...(values[TERMS_FIELD] === '1' && { terms_accepted: 1 as const }),
  };
}

/** Each field of the step with its first broken rule, in the server's words; {} when the step may be left. */
export function stepErrors(step: number, values: Values): Record<string, string> {
  const all: FieldErrors = {
    ...tableErrors(companyRegistrationRules, companyBody(values)),
    ...managerErrors(managerBody(values, 1)),
  };
  if (values[TERMS_FIELD] !== '1') all[TERMS_FIELD] = [TERMS_MESSAGE];
  const out: Record<string, string> = {};
  for (const f of STEPS[step]!.fields) if (all[f.name]?.[0]) out[f.name] = all[f.name]![0]!;
  return out;
}

/** The server's field errors that a step shows (its first message each), and the first such step from `first` on. */
export function refusedSteps(
  errors: FieldErrors | undefined,
  first = 0,
): { step: number; errors: Record<string, string> } | undefined {
  const shown: Record<string, string> = {};
  let step: number | undefined;
  STEPS.forEach((s, i) => {
    for (const f of s.fields) {
      const m = errors?.[f.name]?.[0];
      if (!m || i < first) continue;
      shown[f.name] = m;
      step ??= i;
    }
  });
  return step === undefined ? undefined : { step, errors: shown };
}

interface Calls {
  registerCompany: typeof registerCompany;
  registerManager: typeof registerManager;
}

/** A refusal (4xx) says why, field by field; only what was unexpected (no answer, a 5xx) gets the generic words. */
function failure(err: unknown, generic: string, customerId?: number): Outcome {
  const f = toFailure(err);
  const refused = f.status !== undefined && f.status < 500;
  return {
    ok: false,
    message: refused ? f.firstFieldMessage : generic,
    status: f.status,
    ...(customerId !== undefined && { customerId }),
    ...(refused && f.errors && { errors: f.errors }),
  };
}

/** Registers the company (unless already done, then customerId is known) and its manager. */
export async function register(
  values: Values,
  files: Files,
  key: StepKey,
  customerId?: number,
  calls: Calls = { registerCompany, registerManager },
): Promise<Outcome> {
  if (customerId === undefined) {
    try {
      customerId = (await calls.registerCompany(companyBody(values), files.profile_logo, key(0))).id_customer;
    } catch (err) {
      return failure(err, REGISTER_MESSAGES.company);
    }
  }
  return registerManagerOnly(values, files, customerId, key, calls);
}

export async function registerManagerOnly(
  values: Values,
  files: Files,
  customerId: number,
  key: StepKey,
  calls: Pick<Calls, 'registerManager'> = { registerManager },
): Promise<Outcome> {
  try {
    const res = await calls.registerManager(managerBody(values, customerId), files.picture_profile, key(1));
    // §8: a manager answer with success false is shown with the server's message.
    return res.success ? { ok: true } : { ok: false, message: res.message, customerId, status: 200 };
  } catch (err) {
    return failure(err, REGISTER_MESSAGES.manager, customerId);
  }
}

/**
 * The step shown for the one the address asks for (a reload, Back, a link): never past the first step
 * whose fields are not yet right, so a restored or hand-made address cannot skip a required field.
 */
export function reachableStep(wanted: number, first: number, values: Values): number {
  const target = Math.min(Math.max(wanted, first), STEPS.length - 1);
  for (let i = first; i < target; i++) if (Object.keys(stepErrors(i, values)).length) return i;
  return target;
}

/** What a reload keeps of the wizard: the step, every value but the passwords, the chosen pictures. */
export interface KeptWizard {
  step: number;
  values: Values;
  files: Files;
}
export const keptWizard = (step: number, values: Values, files: Files): KeptWizard => ({
  step,
  values: Object.fromEntries(Object.entries(values).filter(([k]) => !PASSWORDS.includes(k))),
  files,
});
/** Anything typed or chosen. */
export const wizardTouched = (values: Values, files: Files) =>
  Object.values(values).some((v) => v.trim() !== '') || Object.values(files).some(Boolean);
/** A password typed: no draft keeps it, so leaving the page asks. */
export const passwordTyped = (values: Values) => PASSWORDS.some((k) => values[k]);
