/** Moved to src/core/errors.ts; this re-export lasts until every importer uses the core's entry. */
export * from "../errors";
