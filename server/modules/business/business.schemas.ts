import { Type } from 'typebox';
import { BUSINESS_ID_INPUT_MAX, COMPANY_ADDRESS_MAX, COMPANY_NAME_MAX } from '../../../common/business-id.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/**
 * PATCH /api/profile's business section (DSA Art. 30). The section changes only when `trader` is
 * sent: true replaces it whole (company name and a valid Y-tunnus required), false clears it.
 * The e-mail and phone are checked by the service, only for a trader, so a hidden form section
 * with half-typed details does not stop someone from turning the business off.
 */
export const TraderProfileFields = {
  trader: Type.Optional(Type.Boolean({ description: 'Sells as a business: the company details show on every ad' })),
  company_name: Nullable(Type.String({ maxLength: COMPANY_NAME_MAX })),
  business_id: Nullable(Type.String({ maxLength: BUSINESS_ID_INPUT_MAX, description: 'Y-tunnus, "1234567-8" (check digit verified)' })),
  company_address: Nullable(Type.String({ maxLength: COMPANY_ADDRESS_MAX })),
  company_email: Nullable(Type.String({ maxLength: 254 })),
  company_phone: Nullable(Type.String({ maxLength: 30 })),
};

/** A trader's details as anyone sees them beside the trader's ads and on their seller page. */
export const PublicCompany = Type.Object({
  name: Type.String(),
  business_id: Type.String({ description: 'Y-tunnus, "1234567-8"' }),
  address: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
});

/** What a public profile (user-info, the seller card and page) says about selling as a business. */
export const PublicTraderFields = {
  trader: Type.Boolean({ description: 'Sells as a business' }),
  company: Type.Union([PublicCompany, Type.Null()], { description: 'The business’s details; null for a private seller' }),
};
