import { holdYoungGeneration } from './young-generation';

// The process entry. V8's young generation is held before any other module loads (loading
// them is part of the start-up burst it would grow for); the process itself is serve.ts.
holdYoungGeneration();
await import('./serve');
