import { type Static, Type } from 'typebox';
import { INFO_TITLE_MAX } from '../../../common/info-pages.ts';
import { INT32_MAX } from '../../../common/text.ts';

/** Slug and language come as written (the router caps their length): an unknown one is a 404, as for any page that does not exist. */
export const InfoSlugParams = Type.Object({ slug: Type.String() });
export const InfoPageParams = Type.Object({ slug: Type.String(), locale: Type.String() });
export const InfoVersionParams = Type.Object({
  slug: Type.String(),
  locale: Type.String(),
  id: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
});

const Person = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);

/** GET /info/{slug}: the page in the request's language, else in Finnish. */
export const PublicInfoPage = Type.Object({
  slug: Type.String(),
  /** The language of the text given (Finnish when the asked one has none). */
  locale: Type.String(),
  title: Type.String(),
  /** Sanitized HTML. */
  body: Type.String(),
  /** The text's opening, as plain text: for the page's description. */
  description: Type.String(),
  updated_at: Type.String({ format: 'date-time' }),
  /** Every language the page is written in. */
  locales: Type.Array(Type.String()),
});
export type PublicInfoPageView = Static<typeof PublicInfoPage>;
export const PublicInfoPageReply = Type.Object({ data: PublicInfoPage });

/** One slug in one language as staff see it; a page not written yet has no title, body or date. */
export const InfoPageSummary = Type.Object({
  slug: Type.String(),
  locale: Type.String(),
  title: Type.Union([Type.String(), Type.Null()]),
  /** Size of the stored body in bytes (0: not written). */
  bytes: Type.Integer(),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  updated_by: Person,
});
export type InfoPageSummaryView = Static<typeof InfoPageSummary>;
export const InfoPagesReply = Type.Object({ data: Type.Array(InfoPageSummary) });

export const InfoPageEdit = Type.Object({
  slug: Type.String(),
  locale: Type.String(),
  title: Type.String(),
  body: Type.String(),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  updated_by: Person,
});
export type InfoPageEditView = Static<typeof InfoPageEdit>;
export const InfoPageReply = Type.Object({ data: InfoPageEdit });

/** PUT: the whole page. The body is the editor's HTML; it is sanitized before it is stored. */
export const SaveInfoPageBody = Type.Object(
  { title: Type.String({ maxLength: INFO_TITLE_MAX }), body: Type.String() },
  { additionalProperties: false },
);

export const InfoPageSaved = Type.Object({
  message: Type.String(),
  /** False when the text was the same as stored: no version was made. */
  changed: Type.Boolean(),
  data: InfoPageEdit,
});
export type InfoPageSavedView = Static<typeof InfoPageSaved>;

export const InfoPageVersion = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  bytes: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  /** Null for the seeded first text, or a deleted account. */
  created_by: Person,
  restored_from: Type.Union([Type.Integer(), Type.Null()]),
  /** The version the page shows now. */
  current: Type.Boolean(),
});
export type InfoPageVersionView = Static<typeof InfoPageVersion>;

export const InfoVersionsQuery = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })) });
export const InfoVersionsReply = Type.Object({
  data: Type.Array(InfoPageVersion),
  meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
});
export type InfoVersionsView = Static<typeof InfoVersionsReply>;

export const InfoVersionReply = Type.Object({ data: Type.Object({ ...InfoPageVersion.properties, body: Type.String() }) });
export type InfoVersionDetailView = Static<typeof InfoVersionReply>['data'];

/** POST /admin/info-pages/preview: the editor's HTML as it would be stored. */
export const PreviewInfoPageBody = Type.Object({ body: Type.String() }, { additionalProperties: false });
export const PreviewInfoPageReply = Type.Object({ data: Type.Object({ body: Type.String() }) });
