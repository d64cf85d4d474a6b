import { type Static, Type } from 'typebox';

/** The signed token of an unsubscribe link: "<search id>.<signature>". */
export const UnsubscribeQuery = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the mail\u2019s link' }) },
  { additionalProperties: false },
);
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;

/** The unsubscribe page's button posts its token back as a form field. */
export const UnsubscribeForm = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const UnsubscribeReply = Type.Object({
  status: Type.Union([Type.Literal('stopped'), Type.Literal('already_stopped')], {
    description: 'stopped: the alerts stopped now; already_stopped: they were off before (a link used again)',
  }),
  name: Type.String({ description: 'The saved search whose alerts stopped' }),
});
