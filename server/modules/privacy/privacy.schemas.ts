import { Type } from 'typebox';
import { CONSENT_CHOICES } from '../../../common/privacy.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const ExportStatus = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('ready'),
    Type.Literal('failed'),
    Type.Literal('deleted'),
    Type.Literal('expired'),
  ]),
  requested_at: Type.String({ format: 'date-time' }),
  ready_at: Nullable(Type.String({ format: 'date-time' })),
  expires_at: Nullable(Type.String({ format: 'date-time' })),
  this_session: Type.Boolean({ description: 'The link works only in the session that asked for the export' }),
  download_url: Nullable(Type.String()),
  next_request_at: Type.String({ format: 'date-time', description: 'When the next export may be asked for' }),
});

export const ExportRequestReply = Type.Object({ data: ExportStatus, message: Type.String() });
export const ExportStatusReply = Type.Object({ data: Type.Union([ExportStatus, Type.Null()]) });
export const ExportParams = Type.Object({ uuid: Type.String({ maxLength: 64 }) });

export const ConsentBody = Type.Object({ choice: Type.Enum(CONSENT_CHOICES) }, { additionalProperties: false });
const Consent = Type.Object({
  choice: Type.Enum(CONSENT_CHOICES),
  policy_version: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export const ConsentReply = Type.Object({ data: Consent, message: Type.String() });
export const ConsentListReply = Type.Object({
  data: Type.Array(Consent),
  policy_version: Type.String({ description: 'The privacy policy in force: the time its Finnish text was last saved' }),
  ask_again: Type.Boolean({ description: 'The policy changed since the last answer: the banner asks again' }),
});
export const PolicyVersionReply = Type.Object({ policy_version: Type.String() });
