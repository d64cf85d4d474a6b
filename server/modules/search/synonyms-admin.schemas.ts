import { Type } from 'typebox';
import { SYNONYM_LIMITS } from '../../../common/search-synonyms.ts';

// The synonym groups staff edit (synonyms-admin.service.ts): `categories.manage`.

/** Generous bounds only against abuse: the service says what is wrong with each word, translated. */
const Words = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 });

const GroupWords = Type.Object(
  { fi: Type.Optional(Words), sv: Type.Optional(Words), en: Type.Optional(Words), ru: Type.Optional(Words) },
  { additionalProperties: false },
);

export const SynonymGroupBody = GroupWords;

const WordsOut = Type.Array(Type.String({ maxLength: SYNONYM_LIMITS.wordMax }));
export const SynonymGroup = Type.Object({
  id: Type.Integer(),
  words: Type.Object({ fi: WordsOut, sv: WordsOut, en: WordsOut, ru: WordsOut }),
});

export const SynonymGroupList = Type.Object({ data: Type.Array(SynonymGroup) });
export const SynonymGroupReply = Type.Object({ message: Type.String(), data: SynonymGroup });
export const SynonymGroupParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
