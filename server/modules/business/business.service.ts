import { Value } from 'typebox/value';
import { Type } from 'typebox';
import { readBusinessId } from '../../../common/business-id.ts';
import type { FieldProblems } from '../../platform/validation.ts';
import type { UserChanges, UserRow } from '../users/users.repo.ts';
import { isValidPhone, normalizePhone } from '../users/users.service.ts';

/** The business section of a profile update, as PATCH /api/profile takes it. */
export interface TraderInput {
  trader?: boolean | undefined;
  company_name?: string | null | undefined;
  business_id?: string | null | undefined;
  company_address?: string | null | undefined;
  company_email?: string | null | undefined;
  company_phone?: string | null | undefined;
}

const COMPANY_FIELDS = ['company_name', 'business_id', 'company_address', 'company_email', 'company_phone'] as const;

const Email = Type.String({ format: 'email', maxLength: 254 });

const CLEARED: UserChanges = {
  trader: false,
  companyName: null,
  businessId: null,
  companyAddress: null,
  companyEmail: null,
  companyPhone: null,
};

/**
 * The account changes a profile update's business section asks for, checked: nothing when
 * `trader` is not sent (company details without it are refused, rather than silently dropped),
 * every company field cleared when it is false (a former trader keeps nothing public), and for
 * true the whole section: company name and a Y-tunnus with the right check digit required, the
 * address, e-mail and phone optional, the e-mail and phone checked as everywhere else.
 * Problems are added to `problems` (the profile's other fields' too), so one 422 names them all.
 */
export function traderChanges(input: TraderInput, problems: FieldProblems): UserChanges {
  const add = (field: string, key: string) => (problems[field] ??= []).push({ key });
  if (input.trader === undefined) {
    if (COMPANY_FIELDS.some((field) => input[field] != null)) add('trader', 'validation.trader_missing');
    return {};
  }
  if (!input.trader) return CLEARED;

  const text = (value: string | null | undefined) => value?.replace(/\s+/g, ' ').trim() || null;
  const name = text(input.company_name);
  if (!name) add('company_name', 'validation.required');

  let businessId: string | null = null;
  const typedId = text(input.business_id);
  if (!typedId) add('business_id', 'validation.required');
  else {
    const read = readBusinessId(typedId);
    if ('id' in read) businessId = read.id;
    else add('business_id', read.problem === 'check' ? 'validation.business_id_check' : 'validation.business_id_format');
  }

  // DSA Art. 30(1)(a): a trader gives their name, address, telephone number and e-mail address.
  const address = text(input.company_address);
  if (!address) add('company_address', 'validation.required');
  const email = text(input.company_email);
  if (!email) add('company_email', 'validation.required');
  else if (!Value.Check(Email, email)) add('company_email', 'validation.email');
  const phone = text(input.company_phone) ? normalizePhone(input.company_phone!) : null;
  if (!phone) add('company_phone', 'validation.required');
  else if (!isValidPhone(phone)) add('company_phone', 'validation.phone');

  return {
    trader: true,
    companyName: name,
    businessId,
    companyAddress: address,
    companyEmail: email,
    companyPhone: phone,
  };
}

/** A trader's details for anyone (null for a private seller): DSA Art. 30 wants them on every ad. */
export function presentCompany(user: UserRow) {
  if (!user.trader || !user.companyName || !user.businessId) return null;
  return {
    name: user.companyName,
    business_id: user.businessId,
    address: user.companyAddress,
    email: user.companyEmail,
    phone: user.companyPhone,
  };
}

/** What a public profile says about selling as a business. */
export function publicTraderFields(user: UserRow) {
  const company = presentCompany(user);
  return { trader: company !== null, company };
}

/** The person's own business section, as their profile shows it (for the settings form). */
export function ownTraderFields(user: UserRow) {
  return {
    trader: user.trader,
    company_name: user.companyName,
    business_id: user.businessId,
    company_address: user.companyAddress,
    company_email: user.companyEmail,
    company_phone: user.companyPhone,
  };
}
