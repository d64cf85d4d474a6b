import { type Static, Type } from 'typebox';
import { ATTRIBUTE_TYPES, ATTRIBUTE_UNITS } from '../../../common/attributes.ts';

const AttributeType = Type.Enum(ATTRIBUTE_TYPES, {
  description: 'number, choice (one option), choices (several), boolean (yes/no), text (short), date (a day)',
});
const AttributeUnit = Type.Enum(ATTRIBUTE_UNITS);

/** A field as readers get it (common/attributes.ts `PublicAttribute`), in the request's language. */
export const PublicAttribute = Type.Object({
  key: Type.String(),
  type: AttributeType,
  label: Type.String(),
  unit: Type.Optional(AttributeUnit),
  min: Type.Optional(Type.Number({ description: 'For a date field: the earliest year' })),
  max: Type.Optional(Type.Number({ description: 'For a date field: the latest year' })),
  decimals: Type.Integer({ minimum: 0 }),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), label: Type.String() }))),
  required: Type.Boolean(),
  filter: Type.Boolean({ description: 'The search can filter by it' }),
  card: Type.Optional(Type.Integer({ description: 'Shown on ad cards in this place (1, 2)' })),
});
export const PublicAttributeList = Type.Object({ data: Type.Array(PublicAttribute) });

export const CatalogIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const AttributeIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

const Labels = Type.Object({ fi: Type.String(), en: Type.String(), ru: Type.String(), sv: Type.Optional(Type.String()) });

/** A field as staff see it: every language, retired or not, and where it comes from. */
export const AdminAttribute = Type.Object({
  id: Type.Integer(),
  catalog_id: Type.Integer({ description: 'The catalog that defines it (an ancestor of the one asked about when inherited)' }),
  inherited: Type.Boolean(),
  key: Type.String(),
  type: AttributeType,
  unit: Type.Union([AttributeUnit, Type.Null()]),
  min: Type.Union([Type.Number(), Type.Null()]),
  max: Type.Union([Type.Number(), Type.Null()]),
  decimals: Type.Integer(),
  labels: Labels,
  options: Type.Array(Type.Object({ value: Type.String(), labels: Labels })),
  required: Type.Boolean(),
  filter: Type.Boolean(),
  card: Type.Union([Type.Integer(), Type.Null()]),
  position: Type.Integer(),
  retired: Type.Boolean(),
});
export type AdminAttribute = Static<typeof AdminAttribute>;

export const AdminAttributeList = Type.Object({ data: Type.Array(AdminAttribute) });
export const AdminAttributeReply = Type.Object({ message: Type.String(), data: AdminAttribute });
export const AdminAttributeListReply = Type.Object({ message: Type.String(), data: Type.Array(AdminAttribute) });

// Lengths and counts here only bound the payload; the service checks the real limits with clear messages.
const LabelInput = Type.String({ maxLength: 300 });
const LabelsInput = Type.Object(
  { fi: Type.Optional(LabelInput), en: Type.Optional(LabelInput), ru: Type.Optional(LabelInput), sv: Type.Optional(LabelInput) },
  { additionalProperties: false },
);
const OptionInput = Type.Object({ value: Type.String({ maxLength: 300 }), labels: LabelsInput }, { additionalProperties: false });
const Bound = Type.Union([Type.Number(), Type.Null()]);

const editable = {
  unit: Type.Optional(Type.Union([AttributeUnit, Type.Null()])),
  min: Type.Optional(Bound),
  max: Type.Optional(Bound),
  decimals: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
  labels: LabelsInput,
  options: Type.Optional(Type.Array(OptionInput, { maxItems: 1000 })),
  required: Type.Optional(Type.Boolean()),
  filter: Type.Optional(Type.Boolean()),
  card: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 9 }), Type.Null()])),
};

export const CreateAttributeBody = Type.Object(
  {
    key: Type.String({ maxLength: 300, description: 'Lower-case a–z, 0–9 and _, starting with a letter; never changes' }),
    type: AttributeType,
    ...editable,
  },
  { additionalProperties: false },
);
export type CreateAttributeBody = Static<typeof CreateAttributeBody>;

/** What is given changes; `options` replaces the whole list (an option left out is removed). */
export const UpdateAttributeBody = Type.Object(
  {
    key: Type.Optional(Type.String({ maxLength: 300, description: 'Only to say which field is meant: a key never changes' })),
    type: Type.Optional(AttributeType),
    ...editable,
    labels: Type.Optional(LabelsInput),
  },
  { additionalProperties: false },
);
export type UpdateAttributeBody = Static<typeof UpdateAttributeBody>;

export const ReorderAttributesBody = Type.Object(
  { ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, description: "The catalog's own fields' ids in their new order" }) },
  { additionalProperties: false },
);
