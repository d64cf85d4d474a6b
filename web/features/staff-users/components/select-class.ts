/** A select's look (not inputClass: its read-only styles match every select, which would grey it out). */
export const selectClass = 'h-11 w-full rounded-lg border border-line bg-raised px-3 text-base text-ink outline-none focus:border-brand';
