-- Trigram matching for typo-tolerant search and hints. The finnish, english and russian
-- text search configurations are built into PostgreSQL and PGlite alike.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
