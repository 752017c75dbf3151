import { setFlagsFromString } from 'node:v8';

/**
 * PGlite is Postgres compiled to WebAssembly. V8 compiles it fast (Liftoff), then compiles
 * the hot functions again, optimised (TurboFan): that second copy costs ~35 MB of resident
 * memory and CPU while starting, for queries ~25% faster once warm, which a studio site's few
 * small queries do not need (docs/decisions/012-compiled-production-start.md). Call before
 * PGlite's module is compiled; nothing else in the process is WebAssembly.
 */
export function compileWebAssemblyWithLiftoffOnly(): void {
  setFlagsFromString('--liftoff-only');
}
