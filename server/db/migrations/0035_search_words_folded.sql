-- Accent folding (issue 28): a query typed without ä, ö or å finds the vocabulary's words that have
-- them, and back ("polkupyora" ↔ "polkupyörä"); the hints complete folded prefixes the same way.
CREATE INDEX IF NOT EXISTS "search_words_folded_idx" ON "search_words" (translate("word", 'äöå', 'aoa') text_pattern_ops);
