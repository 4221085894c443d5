/**
 * Unit files that replace one of the app's modules with `vi.mock`: they run in a Vitest project of
 * their own (vitest.config.ts, unit-own-modules), since the unit project's workers keep their modules
 * from one file to the next and would hand the replacement on. test/architecture/ownModules.test.ts
 * keeps this list complete.
 */
export const OWN_MODULES = ["src/app/components/ui/ItemIcon.unloaded.test.tsx"];
