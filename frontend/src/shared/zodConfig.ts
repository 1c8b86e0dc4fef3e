import { config } from 'zod/v4/core';

/**
 * The portal's Content-Security-Policy allows no eval. zod compiles faster object parsers with
 * `new Function` when it can, and finds out by trying one, which the browser reports as a policy
 * violation; without JIT it parses the same way, only without that probe. Imported first by main.tsx.
 */
config({ jitless: true });
