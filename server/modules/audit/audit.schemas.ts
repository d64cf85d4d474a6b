import { Type } from 'typebox';

export const AuditQueryBody = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    actor_id: Type.Optional(Type.Integer({ minimum: 1 })),
    actor: Type.Optional(
      Type.String({ minLength: 1, maxLength: 120, description: "Part of the staff member's name or e-mail address (any case)" }),
    ),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    entity: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'From this moment (inclusive)' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Before this moment' })),
  },
  { additionalProperties: false },
);

const Person = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }), Type.Null()]);

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  actor: Person,
  impersonator: Person,
  action: Type.String(),
  entity: Type.String(),
  entity_id: Type.Union([Type.String(), Type.Null()]),
  data: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  /** The ads the entry is about or names (its target, a report's subject, an appeal's ad), for links to them. */
  ads: Type.Array(Type.Object({ id: Type.Integer(), uuid: Type.String(), name: Type.String() })),
});

export const AuditReply = Type.Object({
  data: Type.Array(AuditEntry),
  meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
});
