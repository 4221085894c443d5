// Runs once before any test file: bundles the entries the tests start as processes (see entries.ts).
import { buildEntries } from "./entries";

export default async function setup(): Promise<void> {
  await buildEntries();
}
